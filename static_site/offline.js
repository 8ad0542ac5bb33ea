// The site's files kept by the browser for good (a service worker): once a page has been visited, every page of
// the site opens with no network at all, on a classroom laptop away from the school's server or at home with the
// connection down. make site writes this build's files and their version below (static_site/build.py): a new build
// is a new version, whose files replace the old ones at the next visit. A browser runs it only on https or on the
// machine itself (127.0.0.1); elsewhere the site works as before, from the network and the browser's cache.
const VERSION = "cardgame-tutor-{version}";
const FILES = {files};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

// Only this site's older versions go: a GitHub Pages origin holds the owner's other sites too.
self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("cardgame-tutor-") && name !== VERSION;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// Online, every request goes to the network as if this worker were not there, so the browser's own cache (and the
// WebAssembly it compiled and kept) serves a second visit as fast as before: answering from here first made a
// second visit 0.1 to 0.8 s slower (docs/static.md). With no network, the files kept here answer, whatever the
// page's ?lang=, ?theme= or share link's ?position=.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    fetch(event.request).catch(async () => {
      const kept = await caches.open(VERSION).then((cache) => cache.match(event.request, { ignoreSearch: true }));
      return kept || Response.error();
    }),
  );
});
