/**
 * The OpenAPI document as anyone may read it (issue 26 item 29): the public API without the administration, which only
 * a signed-in administrator reads (plugins/openapi.ts decides who gets which).
 */

type Operation = { tags?: string[] };
export type OpenApiDocument = {
  tags?: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** An administration route: under /api/admin, or filed under Admin (the admin guard's routes all are, D10). */
const adminOnly = (path: string, operation: Operation) =>
  path.startsWith('/api/admin/') || path === '/api/admin' || (operation.tags ?? []).includes('Admin');

/** The names of the named shapes that `value` refers to (`#/components/schemas/Name`). */
function referencedShapes(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) referencedShapes(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/schemas/'))
        into.add(item.slice('#/components/schemas/'.length));
      else referencedShapes(item, into);
    }
}

/**
 * The document as anyone may read it (issue 26): the public API only. The administration's routes, the named shapes
 * only they use and their tags are left out; a signed-in administrator gets the whole document.
 */
export function publicDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(full.paths)) {
    const kept = Object.entries(item).filter(
      ([method, operation]) => !METHODS.has(method) || !adminOnly(path, operation as Operation),
    );
    if (kept.some(([method]) => METHODS.has(method))) paths[path] = Object.fromEntries(kept);
  }
  const schemas = full.components?.schemas ?? {};
  const used = new Set<string>();
  referencedShapes(paths, used);
  // Named shapes refer to others (a login result to User): follow them until nothing new turns up.
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) referencedShapes(schemas[name], used);
  }
  const tagsInUse = new Set(
    Object.values(paths).flatMap((item) =>
      Object.entries(item).flatMap(([method, operation]) =>
        METHODS.has(method) ? ((operation as Operation).tags ?? []) : [],
      ),
    ),
  );
  return {
    ...full,
    tags: full.tags?.filter((tag) => tagsInUse.has(tag.name)),
    paths,
    components: {
      ...full.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
