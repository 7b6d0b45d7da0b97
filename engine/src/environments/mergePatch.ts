// JSON Merge Patch lives in common/ (the language server renders overlays too).
export * from '../../../common/src/mergePatch';
