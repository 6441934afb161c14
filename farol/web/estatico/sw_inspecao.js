/* Farol — service worker da inspeção sem sinal (servido em /sw.js, escopo "/").
 * Cache por versão dos dados normativos: quando o servidor publica dados novos, /sw.js muda,
 * o novo worker instala um cache novo e apaga os antigos. Rede primeiro; sem rede, o cache.
 * Só guarda GET da página de inspeção, dos estáticos e dos dados das medidas (lei pública). */
"use strict";
var VERSAO = "__VERSAO_DADOS__";
var CACHE = "farol-inspecao-" + VERSAO;
var PRECARGA = ["/inspecoes/nova", "/api/v1/medidas/dados.json"];

function guardavel(url) {
  return url.origin === self.location.origin &&
    (url.pathname === "/inspecoes/nova" || url.pathname.indexOf("/estatico/") === 0 ||
     url.pathname === "/api/v1/medidas/dados.json" || url.pathname === "/manifest.webmanifest");
}

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) {
    return Promise.all(PRECARGA.map(function (u) {
      return fetch(u, { credentials: "same-origin" }).then(function (r) {
        if (r.ok && !r.redirected) return c.put(u, r);
      }).catch(function () { /* sem rede na instalação: fica para a próxima visita */ });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (nomes) {
    return Promise.all(nomes.filter(function (n) {
      return n.indexOf("farol-inspecao-") === 0 && n !== CACHE;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (!guardavel(url)) return;
  e.respondWith(fetch(req).then(function (r) {
    if (r.ok && !r.redirected) {
      var copia = r.clone();
      caches.open(CACHE).then(function (c) { c.put(req, copia); });
    }
    return r;
  }).catch(function () {
    return caches.open(CACHE).then(function (c) {
      return c.match(req).then(function (achou) {
        return achou || c.match(req, { ignoreSearch: true });
      });
    }).then(function (r) {
      return r || new Response("Sem sinal e sem cópia guardada desta página.", {
        status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    });
  }));
});

self.addEventListener("message", function (e) {
  if (e.data === "sair") caches.delete(CACHE);  // logout: apaga o que está no aparelho
});
