import type Database from 'better-sqlite3';

/**
 * App schema 5: named permissions per person. NULL means "the role's preset"
 * (staff/permission-presets.ts), so a preset that grows reaches everyone who was never
 * customised; a list is the manager's choice for that person.
 */
export function app005(db: Database.Database): void {
  db.exec(`ALTER TABLE staff ADD COLUMN permissions TEXT;`);
}
