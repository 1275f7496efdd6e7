import { readFileSync } from 'node:fs';

/**
 * A Node addon built with NODE_MODULE_INIT exports its initializer as
 * `node_register_module_v<NODE_MODULE_VERSION>` (ELF, Mach-O with a leading `_`, PE export
 * table alike), and Node/Electron refuse to load it under any other ABI. Reading that name
 * from the file tells which runtime it was compiled for without loading it.
 */
const INITIALIZER = Buffer.from('node_register_module_v', 'latin1');
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/** Every module ABI named by an initializer symbol in the binary, ascending (usually exactly one). */
export function moduleAbisIn(binary: Buffer): number[] {
  const found = new Set<number>();
  for (let at = binary.indexOf(INITIALIZER); at !== -1; at = binary.indexOf(INITIALIZER, at + INITIALIZER.length)) {
    let end = at + INITIALIZER.length;
    while (end < binary.length && end - at - INITIALIZER.length < 6 && binary[end]! >= DIGIT_0 && binary[end]! <= DIGIT_9) end += 1;
    const digits = binary.toString('latin1', at + INITIALIZER.length, end);
    if (digits) found.add(Number(digits));
  }
  return [...found].sort((a, b) => a - b);
}

export type AbiCheck = { ok: true } | { ok: false; reason: string };

/** Whether the addon at `path` was built for exactly `expected`; the reason says what it is instead. */
export function checkModuleAbi(path: string, expected: number): AbiCheck {
  let binary: Buffer;
  try {
    binary = readFileSync(path);
  } catch {
    return { ok: false, reason: 'no binary was produced' };
  }
  const abis = moduleAbisIn(binary);
  if (abis.length === 0) return { ok: false, reason: 'the binary names no module ABI (not a Node addon?)' };
  if (abis.length === 1 && abis[0] === expected) return { ok: true };
  return { ok: false, reason: `the binary is built for module ABI ${abis.join(', ')}, not ${expected}` };
}
