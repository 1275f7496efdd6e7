import { useEffect, useState } from 'react';
import { posClient } from '../bridge/pos-client';

interface Props {
  productId: string;
  kind: 'logo' | 'thumbnail';
  title: string;
  size: 'small' | 'large';
  /** Decorative next to the brand's name (alt=""), or described (the brand panel). */
  decorative?: boolean;
}

/**
 * Logos come from main as data: URLs (catalog.image): main fetches them from whatever host the
 * service uses, so the page's CSP stays `img-src 'self' data:`. One request per logo per run.
 */
const cache = new Map<string, Promise<string | null>>();

function logoDataUrl(productId: string, kind: 'logo' | 'thumbnail'): Promise<string | null> {
  const key = `${kind}:${productId}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = posClient()
      .call<{ dataUrl: string | null }>('catalog.image', { productId, kind })
      .then((r) => (r.ok ? r.data.dataUrl : null));
    cache.set(key, pending);
  }
  return pending;
}

const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The brand's logo; its initials when there is none or it cannot load (offline, blocked host). */
export function BrandLogo({ productId, kind, title, size, decorative }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void logoDataUrl(productId, kind).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [productId, kind]);
  const alt = decorative ? '' : `${title} logo`;
  if (url) return <img className={`logo logo--${size}`} src={url} alt={alt} />;
  return (
    <span className={`logo logo--${size} logo--initials`} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : alt} aria-hidden={decorative || undefined}>
      {initials(title)}
    </span>
  );
}
