/**
 * The bridge contract's types, for the page. Type-only: the renderer never loads main's code
 * (lint allows `import type` from src-main/contract and nothing else from main), so every
 * shape a screen reads is the one main declares and a changed answer is a type error here.
 */
export type * from '../../src-main/contract/index';
