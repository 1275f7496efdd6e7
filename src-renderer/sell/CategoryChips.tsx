import { useCatalog } from './catalog-store';
import { categoryName } from '../ui/category-names';

/** Category chips: one pressed at a time; "All" clears the filter. */
export function CategoryChips() {
  const categories = useCatalog((s) => s.categories);
  const status = useCatalog((s) => s.categoriesStatus);
  const category = useCatalog((s) => s.category);
  const setCategory = useCatalog((s) => s.setCategory);
  const loadCategories = useCatalog((s) => s.loadCategories);

  if (status === 'error') {
    return (
      <p className="sell__chips-error">
        Categories could not be loaded.{' '}
        <button type="button" className="button button--small" onClick={() => void loadCategories()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <div className="chips sell__chips" role="group" aria-label="Categories">
      <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
        All
      </button>
      {categories
        .filter((c) => c.brands > 0)
        .map((c) => (
          <button key={c.category} type="button" className="chip" aria-pressed={category === c.category} onClick={() => setCategory(category === c.category ? null : c.category)}>
            {categoryName(c.category)} <span className="chip__count">{c.active}</span>
          </button>
        ))}
    </div>
  );
}
