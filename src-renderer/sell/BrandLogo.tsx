import { useEffect, useRef, useState } from 'react';
import { knownLogo, requestLogo } from './logo-loader';

interface Props {
  productId: string;
  kind: 'logo' | 'thumbnail';
  title: string;
  size: 'small' | 'large';
  /** Decorative next to the brand's name (alt=""), or described (the brand panel). */
  decorative?: boolean;
}

const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/**
 * A logo is asked for once its row has stayed this long: while the cashier types, each key
 * replaces the rows, and their logos' requests and answers would land in the next keys' frames.
 */
const SETTLE_MS = 150;

/** One observer for every logo: a logo is asked for only once it scrolls into view. */
let observer: IntersectionObserver | null = null;
const onVisible = new WeakMap<Element, () => void>();
function whenVisible(el: Element, run: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    run();
    return () => undefined;
  }
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer!.unobserve(e.target);
      onVisible.get(e.target)?.();
      onVisible.delete(e.target);
    }
  });
  onVisible.set(el, run);
  observer.observe(el);
  return () => {
    observer?.unobserve(el);
    onVisible.delete(el);
  };
}

/** The brand's logo; its initials when there is none, until it has loaded, or when it cannot load (offline, blocked host). */
export function BrandLogo(props: Props) {
  // A new brand is a new element: the visibility watch starts again on what is shown.
  return <Logo key={`${props.kind}:${props.productId}`} {...props} />;
}

function Logo({ productId, kind, title, size, decorative }: Props) {
  const [url, setUrl] = useState<string | null>(() => knownLogo(productId, kind) ?? null);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (knownLogo(productId, kind) !== undefined) return;
    let cancel = () => undefined as void;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const stopWatching = whenVisible(ref.current!, () => {
      settle = setTimeout(() => {
        cancel = requestLogo(productId, kind, setUrl);
      }, SETTLE_MS);
    });
    return () => {
      stopWatching();
      clearTimeout(settle);
      cancel();
    };
  }, [productId, kind]);
  const alt = decorative ? '' : `${title} logo`;
  if (url) return <img ref={ref as React.RefObject<HTMLImageElement>} className={`logo logo--${size}`} src={url} alt={alt} />;
  return (
    <span ref={ref} className={`logo logo--${size} logo--initials`} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : alt} aria-hidden={decorative || undefined}>
      {initials(title)}
    </span>
  );
}
