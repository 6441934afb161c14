/* Farol — a fila de inspeções guardadas no aparelho (inspeção sem sinal).
 *
 * Sem rede, "Registrar inspeção" guarda a inspeção no IndexedDB do aparelho (banco
 * "farol-fila"): os campos do formulário como a página os manda (com as fotos, como Blobs, e
 * a posição), uma Idempotency-Key própria gerada uma vez (crypto.randomUUID) e a decisão
 * tomada no aparelho (medidas calculadas por medidas_offline.js e a versão dos dados). A fila
 * sobrevive a fechar o navegador e é enviada quando a rede volta: pelo evento `online`, pelo
 * Background Sync do service worker (sw_inspecao.js importa este arquivo) e, onde não há
 * nenhum dos dois, ao abrir a página de novo.
 *
 * O envio usa a rota da página (POST /inspecoes/nova, os mesmos campos) com
 * `Accept: application/json` e a `Idempotency-Key`: um reenvio depois de o servidor ter gravado
 * (resposta perdida no caminho) devolve a mesma inspeção e não cria nada. Antes de enviar, a
 * fila pergunta a sessão (GET /inspecoes/fila/sessao): sem sessão (expirada sem sinal) nada se
 * perde e a página pede o login; só vai o que o usuário da sessão registrou.
 *
 * Com rede, a página guarda uma cópia antes de mandar o formulário (com a chave dele): se a
 * conexão cair no envio, a fila reenvia; a página do resultado (ou o formulário devolvido com
 * erros) tira a cópia da fila. Ao sair (farol.js), a fila e o cache são apagados.
 *
 * Funciona na página e no service worker: a parte da página só roda onde há `document`. */
(function (global) {
  "use strict";
  var BANCO = "farol-fila", LOJA = "inspecoes", CANAL = "farol-fila", SYNC = "farol-fila";
  var MANTER_ENVIADAS = 20;
  var PULAR = { csrf: 1, chave: 1, "sem_sinal.versao": 1, "sem_sinal.medidas": 1 };

  /* --- o banco do aparelho ------------------------------------------------------------ */

  var conexao = null, encerrada = false;
  function abrir() {
    if (conexao) return conexao;
    conexao = new Promise(function (ok, falha) {
      // depois de sair (farol.js apaga o banco), nada recria a fila neste contexto
      if (encerrada) { falha(new Error("fila encerrada ao sair")); return; }
      if (!global.indexedDB) { falha(new Error("sem IndexedDB")); return; }
      var pedido = global.indexedDB.open(BANCO, 1);
      pedido.onupgradeneeded = function () {
        if (!pedido.result.objectStoreNames.contains(LOJA)) {
          pedido.result.createObjectStore(LOJA, { keyPath: "chave" });
        }
      };
      pedido.onsuccess = function () {
        var db = pedido.result;
        // ao sair, farol.js apaga o banco: esta conexão fecha para não bloquear
        db.onversionchange = function () { encerrar(); };
        ok(db);
      };
      pedido.onerror = function () { conexao = null; falha(pedido.error); };
    });
    return conexao;
  }

  /* `fazer` recebe a loja e devolve o pedido cujo resultado interessa (ou nada) */
  function encerrar() {
    encerrada = true;
    if (conexao) conexao.then(function (db) { db.close(); }, function () {});
    conexao = null;
  }

  function transacao(modo, fazer) {
    return abrir().then(function (db) {
      return new Promise(function (ok, falha) {
        var tx = db.transaction(LOJA, modo);
        var pedido;
        tx.oncomplete = function () { ok(pedido ? pedido.result : undefined); };
        tx.onerror = tx.onabort = function () { falha(tx.error); };
        pedido = fazer(tx.objectStore(LOJA));
      });
    });
  }

  function listar() {
    return transacao("readonly", function (loja) { return loja.getAll(); }).then(function (itens) {
      return (itens || []).sort(function (a, b) { return a.criada_em < b.criada_em ? -1 : 1; });
    });
  }
  function obter(chave) { return transacao("readonly", function (loja) { return loja.get(chave); }); }
  function guardar(item) { return transacao("readwrite", function (loja) { loja.put(item); }); }
  function remover(chave) { return transacao("readwrite", function (loja) { loja["delete"](chave); }); }

  /* a fila mudou; com o resultado de um envio ({enviadas, recusadas}), para que a página o mostre
   * também quando quem enviou foi o service worker (Background Sync) ou outra aba */
  function avisar(envio) {
    var msg = envio ? { envio: { enviadas: envio.enviadas, recusadas: envio.recusadas } } : "mudou";
    try { var c = new BroadcastChannel(CANAL); c.postMessage(msg); c.close(); } catch (e) { /* sem canal */ }
  }

  function novaChave() {
    if (global.crypto && global.crypto.randomUUID) return global.crypto.randomUUID();
    var b = new Uint8Array(16);
    global.crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  /* --- o envio ------------------------------------------------------------------------- */

  function sessao() {
    return fetch("/inspecoes/fila/sessao", {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" }
    }).then(function (r) {
      if (r.status === 401) return { entrar: true };
      if (!r.ok) return { indisponivel: "o servidor não respondeu agora (" + r.status + ")" };
      return r.json();
    });
  }

  function corpo(item, csrf) {
    var fd = new FormData();
    (item.campos || []).forEach(function (par) {
      var nome = par[0], valor = par[1];
      if (PULAR[nome]) return;
      if (valor && typeof valor === "object") {
        if (!valor.name || !valor.size) return;  // campo de fotos vazio
        fd.append(nome, valor, valor.name);
      } else {
        fd.append(nome, valor == null ? "" : String(valor));
      }
    });
    fd.append("csrf", csrf);
    fd.append("chave", item.chave);
    if (item.decisao) {
      fd.append("sem_sinal.versao", item.decisao.versao);
      item.decisao.medidas.forEach(function (m) { fd.append("sem_sinal.medidas", m); });
    }
    return fd;
  }

  /* Envia um item: "enviada", "recusada", "entrar" (sessão expirada), "tentar" (servidor
   * indisponível: fica na fila); sem rede, a promessa falha (TypeError) e o item fica. */
  function enviarItem(item, csrf) {
    return fetch("/inspecoes/nova", {
      method: "POST", body: corpo(item, csrf), credentials: "same-origin", redirect: "manual",
      headers: { "Accept": "application/json", "Idempotency-Key": item.chave }
    }).then(function (r) {
      if (r.type === "opaqueredirect" || r.status === 401) return "entrar";
      var json = (r.headers.get("content-type") || "").indexOf("application/json") >= 0;
      if (r.status === 200 || r.status === 201) {
        return r.json().then(function (d) {
          item.estado = "enviada";
          item.enviada_em = new Date().toISOString();
          item.resposta = {
            inspecao_id: d.inspecao_id,
            processos: (d.processos || []).map(function (p) { return { id: p.id, numero: p.numero }; }),
            medidas: d.medidas || [],
            diferencas: d.diferencas_sem_sinal || []
          };
          item.campos = [];  // as fotos já estão no servidor: não ocupam mais o aparelho
          item.ultimo_erro = null;
          return guardar(item).then(function () { return "enviada"; });
        });
      }
      item.tentativas = (item.tentativas || 0) + 1;
      item.tentada_em = new Date().toISOString();
      if (r.status === 403 || r.status === 408 || r.status === 425 || r.status === 429 || r.status >= 500) {
        item.ultimo_erro = r.status === 403
          ? "o servidor não aceitou o formulário desta sessão (403): nova tentativa no próximo envio"
          : "o servidor não pôde receber agora (" + r.status + "): nova tentativa no próximo envio";
        return guardar(item).then(function () { return "tentar"; });
      }
      var leitura = json ? r.json() : Promise.resolve({});
      return leitura.catch(function () { return {}; }).then(function (d) {
        item.estado = "recusada";
        item.motivo = d.mensagem || ("o servidor recusou a inspeção (" + r.status + ")");
        item.erros = d.erros || {};
        item.status = r.status;
        return guardar(item).then(function () { return "recusada"; });
      });
    });
  }

  function comTrava(fazer) {
    var locks = global.navigator && global.navigator.locks;
    return locks && locks.request ? locks.request("farol-fila-envio", fazer) : fazer();
  }

  /* Envia tudo o que aguarda, um por vez. Devolve {enviadas, recusadas, aguardando, semRede,
   * entrar, outros (de outro usuário), erro}. */
  function enviarTodas() {
    return comTrava(function () {
      var r = { enviadas: 0, recusadas: 0, aguardando: 0, semRede: false, entrar: false, outros: 0, erro: "" };
      return listar().then(function (itens) {
        var fila = itens.filter(function (i) { return i.estado === "aguardando"; });
        r.aguardando = fila.length;
        if (!fila.length) return r;
        return sessao().then(function (s) {
          if (s.entrar) { r.entrar = true; return r; }
          if (s.indisponivel) { r.erro = s.indisponivel; return r; }
          var deste = fila.filter(function (i) { return !i.usuario || i.usuario === s.usuario; });
          r.outros = fila.length - deste.length;
          var n = 0;
          function proximo() {
            if (n >= deste.length) return r;
            var item = deste[n++];
            return enviarItem(item, s.csrf).then(function (resultado) {
              if (resultado === "entrar") { r.entrar = true; return r; }
              if (resultado === "tentar") { r.erro = item.ultimo_erro; return r; }
              if (resultado === "enviada") r.enviadas++;
              if (resultado === "recusada") r.recusadas++;
              r.aguardando--;
              avisar();
              return proximo();
            });
          }
          return proximo();
        });
      }).catch(function (e) {
        if (e instanceof TypeError) { r.semRede = true; return r; }
        throw e;
      }).then(function (res) {
        return podar().then(function () { avisar(res.enviadas || res.recusadas ? res : null); return res; });
      });
    });
  }

  /* as enviadas mais antigas saem da lista (ficam as últimas MANTER_ENVIADAS) */
  function podar() {
    return listar().then(function (itens) {
      var enviadas = itens.filter(function (i) { return i.estado === "enviada"; });
      var sobra = enviadas.slice(0, Math.max(0, enviadas.length - MANTER_ENVIADAS));
      return Promise.all(sobra.map(function (i) { return remover(i.chave); }));
    }).catch(function () { /* sem banco */ });
  }

  function registrarSync() {
    var sw = global.navigator && global.navigator.serviceWorker;
    if (!sw || !sw.ready) return Promise.resolve();
    return sw.ready.then(function (reg) {
      if (reg.sync && reg.sync.register) return reg.sync.register(SYNC);
    }).catch(function () { /* sem Background Sync: vai pelo evento online ou na próxima abertura */ });
  }

  global.FarolFila = {
    BANCO: BANCO, SYNC: SYNC, listar: listar, obter: obter, guardar: guardar, remover: remover,
    enviarTodas: enviarTodas, novaChave: novaChave, registrarSync: registrarSync,
    encerrar: encerrar
  };

  if (typeof document === "undefined") return;  // no service worker, só o envio

  /* === a página ======================================================================== */

  function el(tag, texto, classe) {
    var e = document.createElement(tag);
    if (texto != null) e.textContent = texto;
    if (classe) e.className = classe;
    return e;
  }
  function plural(n, um, varios) { return n + " " + (n === 1 ? um : varios); }
  function dois(n) { return (n < 10 ? "0" : "") + n; }
  function agoraLocal() {
    var d = new Date();
    return d.getFullYear() + "-" + dois(d.getMonth() + 1) + "-" + dois(d.getDate()) + "T" +
      dois(d.getHours()) + ":" + dois(d.getMinutes());
  }
  function dataHora(texto) {
    var m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(texto || "");
    return m ? m[3] + "/" + m[2] + "/" + m[1] + " " + m[4] + ":" + m[5] : (texto || "");
  }
  function valorDe(campos, nome) {
    for (var i = 0; i < campos.length; i++) if (campos[i][0] === nome) return campos[i][1];
    return "";
  }
  function rotulo(nome) {
    var c = document.getElementById("c-" + nome.replace(/\./g, "-"));
    var l = c && c.id ? document.querySelector('label[for="' + c.id + '"]') : null;
    return l ? l.textContent.replace("*", "").trim() : nome;
  }

  var form, secao, estado, listas, avaliacaoInicial = "", guardando = false;

  function mostrarEstado(texto, classe, link) {
    if (!estado) return;
    estado.className = "alerta " + (classe || "alerta-info");
    estado.textContent = texto;
    if (link) {
      estado.appendChild(document.createTextNode(" "));
      var a = el("a", link[0]);
      a.href = link[1];
      a.setAttribute("data-acao", "entrar-fila");
      estado.appendChild(a);
    }
    estado.hidden = !texto;
    if (texto) secao.hidden = false;
  }

  function linhaDoItem(item) {
    var li = el("li", null, "fila-item");
    li.setAttribute("data-chave", item.chave);
    li.setAttribute("data-estado", item.estado);
    var r = item.resumo || {};
    var titulo = el("strong", (r.embarcacao || "Embarcação sem nome") + (r.inscricao ? " (" + r.inscricao + ")" : ""));
    li.appendChild(titulo);
    li.appendChild(document.createTextNode(" · " + [r.local, dataHora(r.data_hora)].filter(Boolean).join(" · ") +
      (r.fotos ? " · " + plural(r.fotos, "foto", "fotos") : "")));
    var d = item.decisao;
    if (item.estado === "aguardando") {
      if (item.via === "formulario") {
        li.appendChild(el("p", "O envio com rede não se completou: será reenviada, sem duplicar.", "secundario"));
      }
      if (d) {
        li.appendChild(el("p", "Medidas no aparelho (dados " + d.versao + "): " +
          (d.nomes && d.nomes.length ? d.nomes.join(", ") : "nenhuma medida") + ".", "secundario"));
      }
      if (item.ultimo_erro) li.appendChild(el("p", item.ultimo_erro, "secundario"));
    } else if (item.estado === "enviada") {
      var resp = item.resposta || {};
      var p = el("p", "Inspeção nº " + resp.inspecao_id + " registrada");
      if (resp.processos && resp.processos.length) {
        p.appendChild(document.createTextNode(": "));
        resp.processos.forEach(function (proc, i) {
          if (i) p.appendChild(document.createTextNode(", "));
          var a = el("a", "processo " + proc.numero);
          a.href = "/processos/" + proc.id;
          p.appendChild(a);
        });
      }
      p.appendChild(document.createTextNode("."));
      li.appendChild(p);
      if (resp.diferencas && resp.diferencas.length) {
        var caixa = el("div", null, "alerta alerta-aviso fila-diferencas");
        caixa.appendChild(el("p", "O servidor decidiu de outro modo ao receber (vale a decisão do servidor; a diferença ficou anotada no processo):"));
        var ul = el("ul");
        resp.diferencas.forEach(function (x) {
          var item2 = el("li");
          item2.setAttribute("data-campo", x.campo);
          item2.appendChild(el("strong", x.rotulo + ":"));
          item2.appendChild(document.createTextNode(" no aparelho, “" + x.no_aparelho + "”; no servidor, “" + x.no_servidor + "”."));
          ul.appendChild(item2);
        });
        caixa.appendChild(ul);
        li.appendChild(caixa);
      }
    } else if (item.estado === "recusada") {
      var motivo = el("p", null, "fila-motivo");
      motivo.appendChild(el("strong", "Motivo: "));
      motivo.appendChild(document.createTextNode(item.motivo || "recusada pelo servidor"));
      li.appendChild(motivo);
      var erros = item.erros || {};
      var nomes = Object.keys(erros);
      if (nomes.length) {
        var ue = el("ul", null, "fila-erros");
        nomes.forEach(function (n) { ue.appendChild(el("li", rotulo(n) + ": " + erros[n])); });
        li.appendChild(ue);
      }
      var acoes = el("p", null, "fila-acoes");
      var corrigir = el("button", "Corrigir no formulário", "botao botao-secundario");
      corrigir.type = "button";
      corrigir.setAttribute("data-acao", "corrigir");
      corrigir.addEventListener("click", function () { corrigirNoFormulario(item); });
      var descartar = el("button", "Descartar", "botao botao-terciario");
      descartar.type = "button";
      descartar.setAttribute("data-acao", "descartar");
      descartar.addEventListener("click", function () {
        remover(item.chave).then(desenhar);
      });
      acoes.appendChild(corrigir);
      acoes.appendChild(document.createTextNode(" "));
      acoes.appendChild(descartar);
      li.appendChild(acoes);
    }
    return li;
  }

  function desenhar() {
    if (!secao) return Promise.resolve();
    return listar().then(function (itens) {
      var grupos = { aguardando: [], enviada: [], recusada: [] };
      itens.forEach(function (i) { if (grupos[i.estado]) grupos[i.estado].push(i); });
      Object.keys(listas).forEach(function (k) {
        var ul = listas[k];
        ul.innerHTML = "";
        grupos[k].forEach(function (i) { ul.appendChild(linhaDoItem(i)); });
        ul.closest("[data-grupo]").hidden = !grupos[k].length;
      });
      var contador = secao.querySelector("[data-fila-contador]");
      if (contador) contador.textContent = grupos.aguardando.length ? String(grupos.aguardando.length) : "";
      secao.querySelector("[data-acao=enviar-fila]").hidden = !grupos.aguardando.length;
      secao.hidden = !itens.length && estado.hidden;
      secao.setAttribute("data-aguardando", String(grupos.aguardando.length));
      return grupos;
    }).catch(function () { /* sem IndexedDB: a página funciona como antes */ });
  }

  function mostrarEnvio(r) {
    mostrarEstado(plural(r.enviadas, "inspeção enviada", "inspeções enviadas") +
      (r.recusadas ? "; " + plural(r.recusadas, "recusada", "recusadas") + ": veja o motivo abaixo." : "."),
      r.recusadas ? "alerta-aviso" : "alerta-sucesso");
  }

  function enviar() {
    if (!navigator.onLine) {
      return desenhar().then(function (g) {
        if (g && g.aguardando.length) {
          mostrarEstado("Sem sinal: " + plural(g.aguardando.length, "inspeção aguardando", "inspeções aguardando") +
            " envio. Serão enviadas quando a rede voltar.", "alerta-aviso");
        }
      });
    }
    return enviarTodas().then(function (r) {
      return desenhar().then(function () {
        if (r.entrar) {
          mostrarEstado("Sua sessão expirou: entre de novo para enviar " +
            plural(r.aguardando, "inspeção guardada", "inspeções guardadas") + ". Nada foi perdido.",
            "alerta-aviso", ["Entrar", "/entrar?proximo=" + encodeURIComponent("/inspecoes/nova")]);
        } else if (r.semRede) {
          mostrarEstado("Sem conexão com o servidor: " + plural(r.aguardando, "inspeção aguardando", "inspeções aguardando") +
            " envio. Nova tentativa quando a rede voltar.", "alerta-aviso");
        } else if (r.erro) {
          mostrarEstado(r.erro, "alerta-aviso");
        } else if (r.outros) {
          mostrarEstado(r.outros === 1
            ? "1 inspeção registrada por outro usuário neste aparelho aguarda o login de quem a registrou."
            : r.outros + " inspeções registradas por outro usuário neste aparelho aguardam o login de quem as registrou.",
            "alerta-aviso");
        } else if (r.enviadas || r.recusadas) {
          mostrarEnvio(r);
        }
      });
    }).catch(function () { /* sem IndexedDB */ });
  }

  function resumoDe(campos) {
    var fotos = campos.filter(function (p) { return p[0] === "fotos" && p[1] && p[1].size; }).length;
    return {
      embarcacao: valorDe(campos, "embarcacao.nome"),
      inscricao: valorDe(campos, "embarcacao.inscricao"),
      local: valorDe(campos, "local"),
      data_hora: valorDe(campos, "data_hora"),
      fotos: fotos
    };
  }

  function campos(f) {
    var lista = [];
    new FormData(f).forEach(function (valor, nome) { lista.push([nome, valor]); });
    return lista;
  }

  function usuario() { return (secao && secao.getAttribute("data-usuario")) || ""; }

  /* os campos obrigatórios em branco (sem sinal, o servidor só confere depois) */
  function faltando(f) {
    var nomes = [];
    f.querySelectorAll('[aria-required="true"]').forEach(function (c) {
      if (c.getAttribute("role") === "radiogroup") {
        if (!c.querySelector("input:checked")) nomes.push("Situação da embarcação");
      } else if (!String(c.value || "").trim()) {
        nomes.push(rotulo(c.name));
      }
    });
    return nomes;
  }

  function decisaoDoAparelho(f) {
    var sem = global.FarolSemSinal;
    if (!sem || !sem.decidir) return Promise.resolve(null);
    return sem.decidir(f).then(function (d) {
      return { versao: d.versao, medidas: d.medidas, nomes: d.medidas.map(function (m) { return d.nomes[m] || m; }) };
    }).catch(function () { return null; });  // sem os dados guardados: o servidor decide
  }

  function liberarBotao(botao) {
    setTimeout(function () {
      form.removeAttribute("data-enviando");
      if (botao) {
        botao.disabled = false;
        botao.textContent = botao.getAttribute("data-texto") || botao.textContent;
      }
    }, 20);
  }

  function limparFormulario() {
    form.reset();
    var dh = form.elements.namedItem("data_hora");
    if (dh) { dh.value = agoraLocal(); dh.max = agoraLocal(); }
    form.elements.namedItem("chave").value = novaChave();
    form.querySelectorAll("[data-contador]").forEach(function (c) { c.textContent = ""; });
    var alvo = document.getElementById("avaliacao-conteudo");
    if (alvo) alvo.innerHTML = avaliacaoInicial;
    var resumo = document.getElementById("resumo-avaliacao");
    if (resumo) resumo.innerHTML = "";
    var mesmo = form.querySelector("[data-condutor-mesmo]");
    if (mesmo) mesmo.dispatchEvent(new Event("change", { bubbles: true }));
  }

  /* sem rede: guarda na fila, com chave e decisão próprias, e limpa o formulário */
  function guardarSemSinal(botao) {
    var faltam = faltando(form);
    if (faltam.length) {
      mostrarEstado("Para guardar sem sinal, preencha: " + faltam.join(", ") + ".", "alerta-erro");
      secao.scrollIntoView({ block: "start" });
      liberarBotao(botao);
      return Promise.resolve();
    }
    var lista = campos(form);
    return decisaoDoAparelho(form).then(function (decisao) {
      var item = {
        chave: novaChave(), usuario: usuario(), estado: "aguardando", via: "sem_sinal",
        criada_em: new Date().toISOString(), campos: lista, resumo: resumoDe(lista),
        decisao: decisao, tentativas: 0, ultimo_erro: null
      };
      return guardar(item).then(function () {
        registrarSync();
        limparFormulario();
        liberarBotao(botao);
        return desenhar().then(function (g) {
          mostrarEstado("Inspeção guardada no aparelho, sem sinal: será enviada quando a rede voltar (" +
            plural(g ? g.aguardando.length : 1, "aguardando", "aguardando") + " envio).", "alerta-sucesso");
          secao.scrollIntoView({ block: "start" });
          avisar();
        });
      });
    }).catch(function () {
      mostrarEstado("Não foi possível guardar a inspeção neste aparelho (armazenamento indisponível). " +
        "Não feche a página: registre quando houver sinal.", "alerta-erro");
      liberarBotao(botao);
    });
  }

  /* com rede: uma cópia na fila (a chave do formulário) antes de mandar; se a conexão cair
     no envio, a fila reenvia, e o servidor não grava duas vezes */
  function guardarCopiaEEnviar() {
    var lista = campos(form);
    var chave = form.elements.namedItem("chave").value || novaChave();
    form.elements.namedItem("chave").value = chave;
    var item = {
      chave: chave, usuario: usuario(), estado: "aguardando", via: "formulario",
      criada_em: new Date().toISOString(), campos: lista, resumo: resumoDe(lista),
      decisao: null, tentativas: 0, ultimo_erro: null
    };
    var enviado = false;
    function mandar() {
      if (enviado) return;
      enviado = true;
      HTMLFormElement.prototype.submit.call(form);
    }
    setTimeout(mandar, 3000);  // o banco do aparelho não respondeu: manda assim mesmo
    guardar(item).then(mandar, mandar);
  }

  function corrigirNoFormulario(item) {
    form.reset();
    form.querySelectorAll('input[type="checkbox"]').forEach(function (c) { c.checked = false; });
    var fotos = [], descricoes = [];
    (item.campos || []).forEach(function (par) {
      var nome = par[0], valor = par[1];
      if (PULAR[nome] || nome === "fotos_tirada_em") return;
      if (nome === "fotos") { if (valor && valor.size) fotos.push(valor); return; }
      if (nome === "fotos_descricao") { descricoes.push(valor); return; }
      var alvos = form.querySelectorAll('[name="' + nome + '"]');
      alvos.forEach(function (c) {
        if (c.type === "checkbox" || c.type === "radio") { if (c.value === valor) c.checked = true; }
        else c.value = valor;
      });
    });
    var entrada = form.querySelector("input[type=file][data-fotos]");
    if (entrada && fotos.length && typeof DataTransfer !== "undefined") {
      var dt = new DataTransfer();
      fotos.forEach(function (f) { dt.items.add(f); });
      entrada.files = dt.files;
      entrada.dispatchEvent(new Event("change", { bubbles: true }));
      form.querySelectorAll('[name="fotos_descricao"]').forEach(function (c, i) {
        c.value = descricoes[i] || "";
        c.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
    form.elements.namedItem("chave").value = novaChave();
    var mesmo = form.querySelector("[data-condutor-mesmo]");
    if (mesmo) mesmo.dispatchEvent(new Event("change", { bubbles: true }));
    var marcada = form.querySelector('input[name="constatacoes"]:checked');
    if (marcada) marcada.dispatchEvent(new Event("change", { bubbles: true }));
    remover(item.chave).then(desenhar).then(function () {
      mostrarEstado("Os dados da inspeção recusada voltaram ao formulário: corrija e registre de novo.", "alerta-info");
      form.scrollIntoView({ block: "start" });
    });
  }

  function ligarFormulario() {
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      var botao = ev.submitter;
      if (botao && botao.hasAttribute("data-conferir")) {
        if (!navigator.onLine && global.FarolSemSinal) {  // conferir sem sinal: no aparelho
          ev.preventDefault();
          liberarBotao(null);
          global.FarolSemSinal.avaliar(form, document.getElementById("avaliacao-conteudo"),
            document.getElementById("resumo-avaliacao")).catch(function () {});
        }
        return;
      }
      ev.preventDefault();
      if (guardando) return;  // toque duplo: uma inspeção só
      guardando = true;
      var fim = function () { guardando = false; };
      if (navigator.onLine) guardarCopiaEEnviar();
      else guardarSemSinal(botao).then(fim, fim);
    });
  }

  function aoAbrir() {
    var registrada = document.getElementById("inspecao-registrada");
    var prontas = Promise.resolve();
    if (registrada && registrada.getAttribute("data-chave")) {
      // a página do resultado: a cópia guardada antes do envio já não é preciso
      prontas = remover(registrada.getAttribute("data-chave")).catch(function () {});
    }
    form = document.getElementById("form-inspecao");
    secao = document.getElementById("fila-inspecoes");
    if (form && secao) {
      estado = secao.querySelector("[data-fila-estado]");
      listas = {
        aguardando: secao.querySelector("[data-lista=aguardando]"),
        enviada: secao.querySelector("[data-lista=enviada]"),
        recusada: secao.querySelector("[data-lista=recusada]")
      };
      var alvo = document.getElementById("avaliacao-conteudo");
      avaliacaoInicial = alvo ? alvo.innerHTML : "";
      var chave = form.elements.namedItem("chave");
      if (!navigator.onLine) {  // a página veio da cópia guardada: a hora é a de agora
        var dh = form.elements.namedItem("data_hora");
        if (dh && !document.getElementById("erro-geral")) { dh.value = agoraLocal(); dh.max = agoraLocal(); }
      }
      prontas = prontas.then(function () { return chave.value ? obter(chave.value) : null; }).then(function (item) {
        if (!item) return;
        // o formulário voltou do servidor com erros: a cópia enviada com ele sai da fila
        if (item.via === "formulario" && item.estado === "aguardando" && document.getElementById("erro-geral")) {
          return remover(item.chave).then(function () { chave.value = novaChave(); });
        }
        chave.value = novaChave();  // chave de uma cópia guardada da página: nunca reusar
      }).catch(function () {});
      ligarFormulario();
      secao.querySelector("[data-acao=enviar-fila]").addEventListener("click", function () { enviar(); });
      try {
        // quem enviou pode ter sido o service worker (Background Sync) ou outra aba: a página
        // desenha a fila e diz o resultado, no lugar do "sem sinal" que ficaria para trás
        new BroadcastChannel(CANAL).onmessage = function (ev) {
          desenhar().then(function () {
            var envio = ev.data && ev.data.envio;
            if (envio && (envio.enviadas || envio.recusadas)) mostrarEnvio(envio);
          });
        };
      } catch (e) { /* sem canal: a lista se atualiza nos envios desta página */ }
      window.addEventListener("pageshow", function (ev) {  // voltou pelo botão "voltar"
        if (ev.persisted) { guardando = false; enviar(); }
      });
      window.addEventListener("online", function () { enviar(); });
      window.addEventListener("offline", function () { enviar(); });
      prontas.then(desenhar).then(enviar);
    } else {
      prontas.then(function () { if (navigator.onLine) return enviarTodas(); }).catch(function () {});
    }
  }

  // depois dos outros scripts da página (farol.js liga o envio único no DOMContentLoaded)
  if (document.readyState === "complete") aoAbrir();
  else document.addEventListener("DOMContentLoaded", aoAbrir);
})(self);
