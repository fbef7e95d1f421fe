// The offline copy of the game: after the first visit the page registers this worker, which
// keeps the build's files in a cache named after the build, so the game starts again without a
// network (against the computer, or pass and play). A new build brings a new version here; the
// browser installs it beside the old one, which it replaces at once (the open page keeps the
// build it started with, the next start gets the new one), and the old cache is deleted.
// web/package-dist.mjs writes the version and the files.
const VERSION = /*version*/"dev"/*end version*/;
const CACHE = `starhalma-${VERSION}`;
// The page's address and the build's files (web/package-dist.mjs writes them).
const FILES = /*files*/["./", "index.html"]/*end files*/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("starhalma-") && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The build's own files from the cache (one build's files together, never an old page with a
// new wasm); the page at any query (a room link, `?room=CODE`) is the cached page. Everything
// else, the room socket included, goes to the network as usual.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = request.mode === "navigate";
      const cached =
        (await cache.match(request, { ignoreSearch: page })) ??
        (page ? await cache.match(self.registration.scope) : undefined);
      return cached ?? fetch(request);
    })(),
  );
});
