// drizzle-orm is installed under packages/db/node_modules only, so drizzle-kit (hoisted to the root)
// cannot import it. This resolve hook answers drizzle-kit's `import('drizzle-orm/...')` from here.
const base = new URL('./package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: base });
  }
  return nextResolve(specifier, context);
}
