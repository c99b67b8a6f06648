// Offline use: the static site (scripts/build-site.mjs) links a web app manifest and
// ships a service worker (web/sw.js, its build id and file list filled in); there the
// page registers it, so that after one visit the playground loads and runs without the
// network. The page served by scripts/serve.mjs links no manifest and registers
// nothing: a development server must never be answered from a cache.

/** Registers sw.js beside the page when the page links a manifest; resolves to the registration or null. */
export async function registerOffline({ doc = globalThis.document, nav = globalThis.navigator } = {}) {
  if (!doc?.querySelector('link[rel="manifest"]') || !nav?.serviceWorker) return null;
  try {
    return await nav.serviceWorker.register('sw.js');
  } catch (err) {
    console.warn('[stridelab] offline use unavailable:', err?.message ?? err);
    return null;
  }
}
