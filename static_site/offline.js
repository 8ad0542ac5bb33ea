// The site's files kept by the browser for good (a service worker): once a page has been visited, every page of
// the site opens with no network at all, on a classroom laptop away from the school's server or at home with the
// connection down. make site writes this build's files and their version below (static_site/build.py): a new build
// is a new version, whose files replace the old ones at the next visit. A browser runs it only on https or on the
// machine itself (127.0.0.1); elsewhere the site works as before, from the network and the browser's cache.
//
// Online, every request goes to the network as if this worker were not there, so the browser's own cache (and the
// WebAssembly it compiled and kept) serves a second visit as fast as before: answering from here first made a
// second visit 0.1 to 0.8 s slower (docs/static.md). With no network, or a page the server does not send within
// WAIT_MS, the files kept here answer, whatever the page's ?lang=, ?theme= or share link's ?position=.

// One site's copy among others the origin may hold (a GitHub Pages origin holds all its owner's sites): its scope
const SITE = `cardgame-tutor ${self.registration.scope} `;
const VERSION = SITE + "{version}";
const FILES = {files};
const WAIT_MS = 4000; // a classroom network that hangs rather than fails

self.addEventListener("install", (event) => {
  // from the server, not from the browser's cache, which may still hold the previous build's files
  const fresh = FILES.map((file) => new Request(file, { cache: "no-cache" }));
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(fresh))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const older = (name) => name.startsWith(SITE) && name !== VERSION;
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(older).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const kept = (request) => caches.open(VERSION).then((cache) => cache.match(request, { ignoreSearch: true }));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const fromNetwork = fetch(request);
  const answer = request.mode === "navigate" ? Promise.race([fromNetwork, keptAfter(request, fromNetwork)]) : fromNetwork;
  event.respondWith(answer.catch(() => kept(request).then((file) => file || Response.error())));
});

// A page the network has not sent within WAIT_MS: what is kept of it, or else still the network's answer
function keptAfter(request, fromNetwork) {
  return new Promise((resolve) => setTimeout(resolve, WAIT_MS))
    .then(() => kept(request))
    .then((file) => file || fromNetwork);
}
