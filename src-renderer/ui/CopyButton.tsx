import { useState } from 'react';

/**
 * Copies a text for support to the clipboard, and says whether it worked: the desktop shell
 * may refuse clipboard access, and then the person selects the text shown instead.
 */
export function CopyButton({ text, label = 'Copy details' }: { text: string; label?: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void copyText()}>
        {label}
      </button>
      <span role="status">
        {copy === 'copied' && ' Copied.'}
        {copy === 'failed' && ' Copying is not allowed here: select the text above and copy it.'}
      </span>
    </>
  );
}
