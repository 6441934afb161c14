/* Farol — service worker da inspeção sem sinal (servido em /sw.js, escopo "/").
 * Cache por versão dos dados normativos e dos estáticos (o nome vem do servidor: offline.py,
 * `nome_do_cache`): quando o servidor publica dados ou código novos, /sw.js muda, o novo
 * worker instala um cache novo e apaga os antigos. Rede primeiro; sem rede, o cache.
 * Só guarda GET da página de inspeção, dos estáticos e dos dados das medidas (lei pública).
 * Background Sync ("farol-fila"): envia as inspeções guardadas sem sinal quando a rede volta
 * (o mesmo código da página, fila_inspecoes.js). */
"use strict";
try {
  importScripts("/estatico/fila_inspecoes.js");
} catch (e) { /* sem a fila no worker: a página envia (evento online, próxima abertura) */ }
var CACHE = "__CACHE__";
var PAGINA = "/inspecoes/nova", DADOS = "/api/v1/medidas/dados.json";

function guardavel(url) {
  return url.origin === self.location.origin &&
    (url.pathname === "/inspecoes/nova" || url.pathname.indexOf("/estatico/") === 0 ||
     url.pathname === "/api/v1/medidas/dados.json" || url.pathname === "/manifest.webmanifest");
}

function nada() { /* sem rede na instalação: fica para a próxima visita */ }

function guardar(c, url) {
  return fetch(url, { credentials: "same-origin" }).then(function (r) {
    if (r.ok && !r.redirected) return c.put(url, r);
  }).catch(nada);
}

/* a página, os estáticos que ela usa (cache novo a cada versão: sem eles a página abriria
 * sem JS) e os dados das medidas */
function precarregar(c) {
  return fetch(PAGINA, { credentials: "same-origin" }).then(function (r) {
    if (!r.ok || r.redirected) return;
    return r.clone().text().then(function (html) {
      var urls = [];
      html.replace(/(?:src|href)="(\/estatico\/[^"]+)"/g, function (_, u) {
        if (urls.indexOf(u) < 0) urls.push(u);
        return _;
      });
      return c.put(PAGINA, r).then(function () {
        return Promise.all(urls.map(function (u) { return guardar(c, u); }));
      });
    });
  }).catch(nada);
}

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) {
    return Promise.all([precarregar(c), guardar(c, DADOS), guardar(c, "/manifest.webmanifest")]);
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
      // só no cache desta versão, se ele ainda existe (um worker novo pode tê-lo apagado)
      caches.has(CACHE).then(function (tem) {
        if (tem) return caches.open(CACHE).then(function (c) { return c.put(req, copia); });
      }).catch(function () {});
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
  if (e.data !== "sair") return;  // logout: para a fila e apaga o que está no aparelho
  if (self.FarolFila) self.FarolFila.encerrar();
  e.waitUntil(caches.delete(CACHE));
});

self.addEventListener("sync", function (e) {
  if (e.tag !== "farol-fila" || !self.FarolFila) return;
  e.waitUntil(self.FarolFila.enviarTodas().then(function (r) {
    // sem rede (ou servidor fora): falhar faz o navegador tentar de novo mais tarde
    if (r && (r.semRede || r.erro)) throw new Error("fila não enviada: nova tentativa depois");
  }));
});
