// Dashboard list paging (gateway-facts §8.3): `p` 1-based, page size 10; `p` below zero returns
// every item (the spec), and so do `p=0` and no `p` (the reference), then with `pages: 1`.
export const PAGE_SIZE = 10;

export function paginate<T>(items: T[], p: string | null, size = PAGE_SIZE): { items: T[]; pages: number } {
  const page = p === null || p.trim() === '' ? 0 : Number.parseInt(p, 10);
  if (!Number.isFinite(page) || page <= 0) return { items, pages: 1 };
  return { items: items.slice((page - 1) * size, page * size), pages: Math.ceil(items.length / size) };
}
