/* Farol — JavaScript mínimo, sem dependências. Tudo funciona sem ele; com ele:
 * - a nova inspeção mostra as medidas a cada constatação marcada (POST .../avaliar);
 * - CPF/CNPJ são conferidos enquanto se digita (a mesma regra do servidor, módulo 11);
 * - a busca de embarcação preenche inscrição, nome e proprietário;
 * - os botões de envio não disparam duas vezes;
 * - o resumo fixo da nova inspeção acompanha a prévia;
 * - o botão "Alto contraste" liga e desliga o modo e grava a escolha;
 * - "Adicionar lacre" põe mais uma linha na lista de lacres;
 * - "Sair" apaga do aparelho a fila e o cache da inspeção sem sinal (perguntando antes, se
 *   há inspeção guardada ainda não enviada);
 * - o formulário enviado com a sessão expirada volta preenchido depois do login (rascunho). */
(function () {
  "use strict";

  function digitos(texto) { return texto.replace(/[.\-\/\s]/g, ""); }

  function dv(numeros, pesos) {
    var soma = 0;
    for (var i = 0; i < pesos.length; i++) soma += parseInt(numeros[i], 10) * pesos[i];
    var resto = soma % 11;
    return resto < 2 ? 0 : 11 - resto;
  }

  function repetido(d) { return /^(\d)\1*$/.test(d); }

  function formatar(d) {
    if (d.length === 11) return d.slice(0, 3) + "." + d.slice(3, 6) + "." + d.slice(6, 9) + "-" + d.slice(9);
    if (d.length === 14) return d.slice(0, 2) + "." + d.slice(2, 5) + "." + d.slice(5, 8) + "/" + d.slice(8, 12) + "-" + d.slice(12);
    return d;
  }

  /* Mensagem de erro do CPF/CNPJ, ou "" se válido ou ainda incompleto (final = ao sair do campo). */
  function erroDocumento(texto, final) {
    var d = digitos(texto.trim());
    if (d === "") return "";
    if (!/^\d+$/.test(d)) return "use só dígitos, pontos, barra e traço";
    if (d.length === 11) {
      var ok = !repetido(d) && dv(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === +d[9] &&
        dv(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === +d[10];
      return ok ? "" : "CPF " + formatar(d) + " com dígito verificador errado";
    }
    if (d.length === 14) {
      var p1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], p2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
      var ok2 = !repetido(d) && dv(d, p1) === +d[12] && dv(d, p2) === +d[13];
      return ok2 ? "" : "CNPJ " + formatar(d) + " com dígito verificador errado";
    }
    if (d.length > 14 || final) {
      // a mesma mensagem do servidor (farol/domain/cpf_cnpj.py, validar_documento)
      return "o documento é CPF (11 dígitos) ou CNPJ (14 dígitos), e o informado tem " +
        d.length + (d.length === 1 ? " dígito" : " dígitos");
    }
    return "";
  }

  function mostrarErro(campo, mensagem) {
    var caixa = campo.closest(".campo");
    if (!caixa) return;
    var id = "erro-js-" + campo.id;
    var p = document.getElementById(id);
    var doServidor = caixa.querySelector(".erro-campo:not([data-js])");
    if (doServidor && mensagem !== null) doServidor.remove();
    if (!mensagem) {
      if (p) p.remove();
      campo.removeAttribute("aria-invalid");
      caixa.classList.remove("campo-com-erro");
      return;
    }
    if (!p) {
      p = document.createElement("p");
      p.id = id;
      p.className = "erro-campo";
      p.setAttribute("data-js", "");
      p.setAttribute("aria-live", "polite");
      caixa.appendChild(p);
    }
    p.textContent = mensagem;
    campo.setAttribute("aria-invalid", "true");
    campo.setAttribute("aria-describedby", id);
    caixa.classList.add("campo-com-erro");
  }

  function ligarDocumentos() {
    document.querySelectorAll("[data-documento]").forEach(function (campo) {
      campo.addEventListener("input", function () { mostrarErro(campo, erroDocumento(campo.value, false)); });
      campo.addEventListener("blur", function () {
        var msg = erroDocumento(campo.value, true);
        mostrarErro(campo, msg);
        var d = digitos(campo.value);
        if (!msg && (d.length === 11 || d.length === 14)) campo.value = formatar(d);
      });
    });
  }

  /* --- nova inspeção ------------------------------------------------------------------- */

  function ligarInspecao() {
    var form = document.getElementById("form-inspecao");
    if (!form) return;
    var alvo = document.getElementById("avaliacao-conteudo");
    var url = form.getAttribute("data-avaliar");
    var resumo = document.getElementById("resumo-avaliacao");
    var espera = null, pedido = 0;

    /* o resumo fixo ao pé da tela vem no mesmo fragmento, num <template data-resumo> */
    function atualizarResumo(fragmento) {
      var modelo = fragmento.querySelector("template[data-resumo]");
      if (!modelo) return;
      if (resumo) {
        resumo.innerHTML = "";
        resumo.appendChild(modelo.content.cloneNode(true));
      }
      modelo.remove();
    }

    function avaliar() {
      var numero = ++pedido;
      var dados = new URLSearchParams(new FormData(form));
      alvo.setAttribute("aria-busy", "true");
      fetch(url, { method: "POST", body: dados, credentials: "same-origin",
                   headers: { "Accept": "text/html" } })
        .then(function (r) {
          if (r.status === 401) return null;  // sessão expirada: o servidor não mostra a prévia
          if (!r.ok) throw new Error(String(r.status));
          return r.text();
        })
        .then(function (html) {
          if (numero !== pedido) return;
          if (html === null) return sessaoExpirada();
          alvo.innerHTML = html;
          atualizarResumo(alvo);
        })
        .catch(function (e) {
          if (numero !== pedido) return;
          var semRede = !navigator.onLine || e instanceof TypeError;
          if (semRede && noAparelho()) {
            return window.FarolSemSinal.avaliar(form, alvo, resumo).catch(function () { semConexao(); });
          }
          semConexao();
        })
        .finally(function () { if (numero === pedido) alvo.removeAttribute("aria-busy"); });
      function noAparelho() {  // inspecao_offline.js: as medidas pelos dados guardados
        return window.FarolSemSinal && window.FarolMedidasOffline;
      }
      /* a prévia pelos dados do aparelho, se houver, com o aviso e o login numa aba nova: o que
       * está preenchido fica nesta aba, e a sessão nova vale para ela também */
      function sessaoExpirada() {
        var aviso = document.createElement("p");
        aviso.className = "alerta alerta-aviso";
        aviso.setAttribute("data-sessao-expirada", "");
        aviso.appendChild(document.createTextNode("Sua sessão expirou: o servidor não conferiu as medidas. "));
        var link = document.createElement("a");
        link.href = "/entrar?proximo=" + encodeURIComponent(location.pathname);
        link.target = "_blank";
        link.rel = "noopener";
        link.textContent = "Entre de novo em outra aba";
        aviso.appendChild(link);
        aviso.appendChild(document.createTextNode(": o que está preenchido aqui continua."));
        var previa = noAparelho() ? window.FarolSemSinal.avaliar(form, alvo, resumo, "com a sessão expirada")
          : Promise.reject();
        return previa.catch(function () { alvo.innerHTML = ""; }).then(function () {
          if (numero === pedido) alvo.insertBefore(aviso, alvo.firstChild);
        });
      }
      function semConexao() {
        alvo.innerHTML = '<p class="alerta alerta-aviso">Sem conexão para conferir agora. ' +
          'Use “Conferir medidas” ou registre: o servidor confere ao salvar, e reenviar não duplica nada.</p>';
        if (resumo) resumo.innerHTML = '<p class="resumo-linha">Sem conexão para conferir agora: use “Conferir medidas”.</p>';
      }
    }

    function agendar() { clearTimeout(espera); espera = setTimeout(avaliar, 200); }

    var relevantes = ["constatacoes", "situacao", "condutor_habilitado_presente", "embarcacao.estrangeira",
                      "embarcacao.inscrita", "condutor.validade", "data_hora"];
    form.addEventListener("change", function (ev) {
      var nome = ev.target && ev.target.name;
      if (relevantes.indexOf(nome) >= 0) agendar();
      if (nome === "constatacoes") contarGrupos(form);
    });

    contarGrupos(form);
    ligarCondutor(form);
    ligarBuscaEmbarcacao(form);
  }

  function contarGrupos(form) {
    form.querySelectorAll("details.grupo").forEach(function (g) {
      var n = g.querySelectorAll("input[name=constatacoes]:checked").length;
      var c = g.querySelector("[data-contador]");
      if (c) c.textContent = n ? String(n) : "";
    });
  }

  function ligarCondutor(form) {
    var mesmo = form.querySelector("[data-condutor-mesmo]");
    var dados = form.querySelector("[data-condutor-dados]");
    if (!mesmo || !dados) return;
    function atualizar() { dados.hidden = mesmo.checked; }
    mesmo.addEventListener("change", atualizar);
    atualizar();
  }

  function ligarBuscaEmbarcacao(form) {
    var bloco = form.querySelector("[data-busca-embarcacao]");
    if (!bloco) return;
    bloco.hidden = false;
    var campo = bloco.querySelector("input[type=search]");
    var lista = bloco.querySelector(".resultados-busca");
    var botao = bloco.querySelector("[data-acao=buscar-embarcacao]");

    function preencher(e) {
      function por(nome, valor) { var c = form.elements.namedItem(nome); if (c && valor != null) c.value = valor; }
      por("embarcacao.inscricao", e.inscricao);
      por("embarcacao.nome", e.nome);
      por("embarcacao.tipo", e.tipo);
      por("embarcacao.propulsao", e.propulsao);
      por("embarcacao.comprimento", e.comprimento == null ? null : String(e.comprimento).replace(".", ","));
      if (e.proprietario) {  /* só para o papel que vê dados pessoais */
        por("proprietario.documento", e.proprietario.documento);
        por("proprietario.nome", e.proprietario.nome);
      }
      var est = form.elements.namedItem("embarcacao.estrangeira");
      if (est) est.checked = !!e.estrangeira;
      lista.innerHTML = "";
      var li = document.createElement("li");
      li.textContent = "Preenchido: " + e.nome + " (" + e.inscricao + ")" +
        (e.proprietario ? ", proprietário " + e.proprietario.nome : "") + ".";
      lista.appendChild(li);
    }

    function buscar() {
      var q = campo.value.trim();
      lista.innerHTML = "";
      if (q.length < 2) { lista.innerHTML = "<li>Digite ao menos 2 caracteres.</li>"; return; }
      fetch("/inspecoes/embarcacoes?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { if (!r.ok) throw new Error(); return r.json(); })
        .then(function (achadas) {
          if (!achadas.length) {
            lista.innerHTML = "<li>Nenhuma embarcação cadastrada com esse termo: preencha como nova.</li>";
            return;
          }
          achadas.forEach(function (e) {
            var li = document.createElement("li");
            var b = document.createElement("button");
            b.type = "button";
            b.textContent = e.nome + " — " + e.inscricao + (e.proprietario ? " · " + e.proprietario.nome : "");
            b.addEventListener("click", function () { preencher(e); });
            li.appendChild(b);
            lista.appendChild(li);
          });
        })
        .catch(function () { lista.innerHTML = "<li>Sem conexão: preencha a inscrição e o nome.</li>"; });
    }

    botao.addEventListener("click", buscar);
    campo.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") { ev.preventDefault(); buscar(); }
    });
  }

  /* --- envio único ------------------------------------------------------------------- */

  function ligarEnvioUnico() {
    document.querySelectorAll("form").forEach(function (form) {
      form.addEventListener("submit", function (ev) {
        var botao = ev.submitter;
        if (!botao || botao.hasAttribute("data-conferir")) return;
        if (form.getAttribute("data-enviando")) { ev.preventDefault(); return; }
        form.setAttribute("data-enviando", "1");
        setTimeout(function () {
          botao.disabled = true;
          botao.setAttribute("data-texto", botao.textContent);
          botao.textContent = "Enviando…";
        }, 0);
        /* se a conexão cair, o usuário pode reenviar depois de alguns segundos: a chave de
           idempotência do formulário garante que nada é gravado duas vezes */
        setTimeout(function () {
          form.removeAttribute("data-enviando");
          botao.disabled = false;
          botao.textContent = botao.getAttribute("data-texto") || botao.textContent;
        }, 8000);
      });
    });
  }

  /* a página voltou recusada pelo servidor: leva o foco ao primeiro campo com erro e põe na
     tela a caixa do campo, com a mensagem logo abaixo dele (o foco sozinho rola só até o campo,
     e a mensagem podia ficar abaixo da dobra); sem campo com erro (o erro de um grupo, como o
     da penalidade), a primeira mensagem de erro */
  function focarPrimeiroErro() {
    var campo = document.querySelector('[aria-invalid="true"]');
    if (campo && typeof campo.focus === "function") {
      campo.focus({ preventScroll: true });
      (campo.closest(".campo") || campo).scrollIntoView({ block: "center" });
      return;
    }
    var alerta = document.querySelector(".alerta-erro[role=alert], .erro-campo[role=alert]");
    if (alerta) alerta.scrollIntoView({ block: "center" });
  }

  /* --- rascunho: o que se preencheu volta depois do login, se a sessão tinha expirado -------
   * Ao enviar um formulário marcado `data-rascunho`, os campos que a pessoa preenche (não os
   * ocultos, senhas e arquivos; do oculto, só a versão do processo) ficam na sessionStorage
   * desta aba. Se a sessão tinha expirado,
   * o servidor não registrou nada e mandou ao login, que volta à página do formulário: ali os
   * campos voltam preenchidos (se quem entrou é quem enviou), com um aviso para conferir e
   * enviar de novo. Qualquer outra chegada a uma página (fora a do login) apaga os rascunhos:
   * o envio passou, ou a pessoa seguiu adiante; sair também os apaga. */
  var RASCUNHO = "farol-rascunho:";
  var VALIDADE_RASCUNHO_MS = 12 * 3600 * 1000;

  /* um rascunho por formulário: o endereço do envio e, onde a página tem vários com o mesmo
   * (o levantamento de cada medida), o valor de data-rascunho */
  function chaveDoRascunho(form) {
    return RASCUNHO + caminhoDe(form.action) + "#" + (form.getAttribute("data-rascunho") || "");
  }

  function caminhoDe(url) {
    try { return new URL(url, location.href).pathname; } catch (e) { return ""; }
  }

  /* quem está na sessão (o rascunho de um volta só para ele, no mesmo aparelho) */
  function usuarioDaPagina() {
    var u = document.getElementById("usuario");
    return (u && u.getAttribute("data-login")) || "";
  }

  // a versão do processo que a página mostrava (trava otimista), no campo oculto do formulário
  function campoDaVersao(form) {
    return form.querySelector("input[type=hidden][name=versao]");
  }

  function camposDaPessoa(form) {
    return Array.prototype.filter.call(form.elements, function (c) {
      var tipo = (c.type || "").toLowerCase();
      return c.name && !c.disabled &&
        ["hidden", "password", "file", "submit", "button", "reset", "image"].indexOf(tipo) < 0;
    });
  }

  function guardarRascunho(form) {
    var campos = [];
    camposDaPessoa(form).forEach(function (c) {
      if ((c.type === "checkbox" || c.type === "radio") && !c.checked) return;
      if (c.tagName === "SELECT" && c.multiple) {
        Array.prototype.forEach.call(c.selectedOptions, function (o) { campos.push([c.name, o.value]); });
        return;
      }
      campos.push([c.name, c.value]);
    });
    var arquivos = Array.prototype.some.call(form.querySelectorAll("input[type=file]"), function (c) {
      return c.files && c.files.length > 0;
    });
    // a versão do processo que a pessoa via ao escrever (trava otimista): se ele mudou até o
    // novo envio, o servidor recusa (409) em vez de registrar sobre o que ela não viu
    var versao = campoDaVersao(form);
    try {
      sessionStorage.setItem(chaveDoRascunho(form),
        JSON.stringify({ em: Date.now(), usuario: usuarioDaPagina(), campos: campos, arquivos: arquivos,
                         versao: versao ? versao.value : null }));
    } catch (e) { /* sem sessionStorage (modo privado cheio): envia como sempre */ }
  }

  function apagarRascunhos() {
    try {
      for (var i = sessionStorage.length - 1; i >= 0; i--) {
        var k = sessionStorage.key(i);
        if (k && k.indexOf(RASCUNHO) === 0) sessionStorage.removeItem(k);
      }
    } catch (e) { /* sem sessionStorage */ }
  }

  /* as linhas (lacres) que o rascunho tinha a mais que a página: o botão "Adicionar" as põe */
  function campoDoRascunho(form, nome) {
    var achado = form.elements.namedItem(nome);
    var n = 0;
    while (!achado && n++ < 50) {
      var botao = null;
      form.querySelectorAll("[data-linhas]").forEach(function (lista) {
        var b = lista.querySelector("[data-adicionar-linha]");
        var modelo = lista.querySelector("[data-linha] [name]");
        var base = modelo && modelo.name.replace(/\.\d+\.[a-z_]+$/, ".");
        if (b && !b.hidden && base && nome.indexOf(base) === 0) botao = b;
      });
      if (!botao) return null;
      botao.click();
      achado = form.elements.namedItem(nome);
    }
    return achado;
  }

  function preencher(form, campos) {
    var valores = {};
    campos.forEach(function (par) { (valores[par[0]] = valores[par[0]] || []).push(par[1]); });
    Object.keys(valores).forEach(function (nome) { campoDoRascunho(form, nome); });
    camposDaPessoa(form).forEach(function (c) {
      var v = valores[c.name];
      if (c.type === "checkbox" || c.type === "radio") {
        c.checked = !!v && v.indexOf(c.value) >= 0;
      } else if (c.tagName === "SELECT" && c.multiple) {
        Array.prototype.forEach.call(c.options, function (o) { o.selected = !!v && v.indexOf(o.value) >= 0; });
      } else if (v && v.length) {
        c.value = v.shift();
      }
    });
  }

  function ligarRascunhos() {
    if (location.pathname === "/entrar") return;  // a volta do login é que decide
    var doLogin = caminhoDe(document.referrer) === "/entrar";
    var guardados = {};
    try {
      for (var i = 0; i < sessionStorage.length; i++) {
        var k = sessionStorage.key(i);
        if (k && k.indexOf(RASCUNHO) === 0) guardados[k] = JSON.parse(sessionStorage.getItem(k));
      }
    } catch (e) { guardados = {}; }
    apagarRascunhos();
    document.querySelectorAll("form[data-rascunho]").forEach(function (form) {
      var r = doLogin ? guardados[chaveDoRascunho(form)] : null;
      if (r && r.campos && r.usuario === usuarioDaPagina() && Date.now() - r.em < VALIDADE_RASCUNHO_MS) {
        preencher(form, r.campos);
        var versao = campoDaVersao(form);
        if (versao && r.versao) versao.value = r.versao;
        var aviso = document.createElement("div");
        aviso.className = "alerta alerta-aviso";
        aviso.setAttribute("role", "status");
        aviso.setAttribute("data-rascunho-recuperado", "");
        aviso.textContent = "A sua sessão tinha expirado quando você enviou este formulário: nada foi " +
          "registrado. O que você preencheu voltou, guardado nesta aba; confira e envie de novo." +
          (r.arquivos ? " Anexe de novo o arquivo: ele não fica guardado." : "");
        form.insertBefore(aviso, form.firstChild);
        var detalhes = form.closest("details");
        if (detalhes) detalhes.open = true;
        aviso.scrollIntoView({ block: "center" });
      }
      form.addEventListener("submit", function () { guardarRascunho(form); });
    });
  }

  /* --- sair: apaga o que a inspeção sem sinal guardou no aparelho ------------------------- */

  /* Quantas inspeções da fila (fila_inspecoes.js, banco "farol-fila") ainda aguardam envio;
     não cria o banco se ele não existe. */
  function pendentesNoAparelho() {
    if (!window.indexedDB || !indexedDB.databases) return Promise.resolve(0);
    return indexedDB.databases().then(function (bancos) {
      if (!bancos.some(function (b) { return b.name === "farol-fila"; })) return 0;
      return new Promise(function (ok) {
        var pedido = indexedDB.open("farol-fila");
        pedido.onupgradeneeded = function () { pedido.transaction.abort(); };
        pedido.onerror = function () { ok(0); };
        pedido.onsuccess = function () {
          var db = pedido.result, n = 0;
          try {
            var tx = db.transaction("inspecoes", "readonly");
            tx.objectStore("inspecoes").openCursor().onsuccess = function (ev) {
              var c = ev.target.result;
              if (!c) return;
              if (c.value.estado === "aguardando") n++;
              c["continue"]();
            };
            tx.oncomplete = function () { db.close(); ok(n); };
            tx.onerror = function () { db.close(); ok(0); };
          } catch (e) { db.close(); ok(0); }
        };
      });
    }).catch(function () { return 0; });
  }

  /* a fila, os caches e o service worker da inspeção sem sinal saem do aparelho */
  function limparAparelho() {
    var tarefas = [];
    if (window.indexedDB) {
      tarefas.push(new Promise(function (ok) {
        var pedido = indexedDB.deleteDatabase("farol-fila");
        pedido.onsuccess = pedido.onerror = function () { ok(); };
      }));
    }
    if (window.caches) {
      tarefas.push(caches.keys().then(function (nomes) {
        return Promise.all(nomes.filter(function (n) { return n.indexOf("farol-inspecao-") === 0; })
          .map(function (n) { return caches["delete"](n); }));
      }).catch(function () {}));
    }
    if (navigator.serviceWorker && navigator.serviceWorker.getRegistrations) {
      // o worker para de enviar e apaga o seu cache; sai do aparelho quando terminar o que faz
      if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage("sair");
      navigator.serviceWorker.getRegistrations().then(function (regs) {
        regs.forEach(function (r) { r.unregister(); });
      }).catch(function () {});
    }
    var limite = new Promise(function (ok) { setTimeout(ok, 3000); });
    return Promise.race([Promise.all(tarefas), limite]);
  }

  function ligarSair() {
    document.querySelectorAll("form.form-sair").forEach(function (form) {
      form.addEventListener("submit", function (ev) {
        apagarRascunhos();
        if (form.getAttribute("data-limpo")) return;
        ev.preventDefault();
        var botao = ev.submitter;
        pendentesNoAparelho().then(function (n) {
          if (n && !window.confirm((n === 1
            ? "1 inspeção guardada neste aparelho ainda não foi enviada. Ao sair, ela é apagada"
            : n + " inspeções guardadas neste aparelho ainda não foram enviadas. Ao sair, elas são apagadas") +
            " do aparelho. Sair mesmo assim?")) {
            form.removeAttribute("data-enviando");
            if (botao) { botao.disabled = false; botao.textContent = botao.getAttribute("data-texto") || botao.textContent; }
            return;
          }
          return limparAparelho().then(function () {
            form.setAttribute("data-limpo", "1");
            HTMLFormElement.prototype.submit.call(form);
          });
        });
      });
    });
  }

  /* --- o endereço da recusa ------------------------------------------------------------- */

  /* A página do processo que voltou com a recusa de um ato traz, num atributo, o endereço que
     a reabre (o formulário aberto, os erros à vista): fica no histórico, para que recarregar
     ou voltar não reenvie o formulário. */
  (function () {
    var marca = document.querySelector("[data-endereco-da-recusa]");
    if (marca && window.history && history.replaceState) {
      history.replaceState(null, "", marca.getAttribute("data-endereco-da-recusa") + location.hash);
    }
  })();

  /* --- alto contraste e menu ------------------------------------------------------------ */

  /* O botão "Alto contraste" do topo: liga e desliga a folha contraste.css e grava a escolha
     neste aparelho (o trecho no <head> de base.html a aplica antes de pintar). Sem JS, a
     folha vale quando o sistema pede mais contraste (prefers-contrast: more). */
  function ligarContraste() {
    var botao = document.querySelector("[data-contraste]");
    var folha = document.getElementById("css-contraste");
    if (!botao || !folha) return;
    var raiz = document.documentElement;
    var sistema = window.matchMedia ? window.matchMedia("(prefers-contrast: more)") : null;
    function ativo() {
      return !raiz.classList.contains("contraste-normal") &&
        (folha.media === "all" || !!(sistema && sistema.matches));
    }
    function mostrar() { botao.setAttribute("aria-pressed", ativo() ? "true" : "false"); }
    botao.hidden = false;
    mostrar();
    botao.addEventListener("click", function () {
      var ligar = !ativo();
      raiz.classList.toggle("alto-contraste", ligar);
      raiz.classList.toggle("contraste-normal", !ligar);
      folha.media = ligar ? "all" : "(prefers-contrast: more)";
      try { localStorage.setItem("farol-contraste", ligar ? "alto" : "normal"); } catch (e) { /* só nesta página */ }
      mostrar();
    });
  }

  /* O menu é um <details>: no celular abre e fecha sem JS. Em telas largas o CSS mostra a
     lista com ::details-content; onde o navegador não conhece esse seletor, abre aqui. Esc
     fecha o menu aberto no celular e devolve o foco ao botão. */
  function ligarMenu() {
    var menu = document.querySelector("[data-menu]");
    if (!menu) return;
    var botao = menu.querySelector("summary");
    menu.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && menu.open && botao && botao.offsetParent !== null) {
        menu.open = false;
        botao.focus();
      }
    });
    var suporta = window.CSS && CSS.supports && CSS.supports("selector(::details-content)");
    if (suporta || !window.matchMedia) return;
    var largo = window.matchMedia("(min-width: 48rem)");
    function ajustar() { if (largo.matches) menu.open = true; }
    ajustar();
    if (largo.addEventListener) largo.addEventListener("change", ajustar);
  }

  /* Listas de linhas (os lacres): sem JS a página traz linhas em branco fixas; aqui o botão
     "Adicionar" põe mais uma, cópia vazia da última com o número seguinte no nome
     (dados.lacres.5.numero), até o máximo que o serviço aceita (data-maximo). */
  function ligarLinhas() {
    document.querySelectorAll("[data-linhas]").forEach(function (lista) {
      var botao = lista.querySelector("[data-adicionar-linha]");
      if (!botao) return;
      var maximo = parseInt(lista.getAttribute("data-maximo"), 10) || 0;
      function linhas() { return lista.querySelectorAll("[data-linha]"); }
      function ajustar() { botao.hidden = maximo > 0 && linhas().length >= maximo; }
      botao.addEventListener("click", function () {
        var todas = linhas();
        var ultima = todas[todas.length - 1];
        var n = todas.length;
        var nova = ultima.cloneNode(true);
        nova.querySelectorAll(".erro-campo").forEach(function (p) { p.remove(); });
        nova.querySelectorAll(".campo-com-erro").forEach(function (c) { c.classList.remove("campo-com-erro"); });
        nova.querySelectorAll("input, textarea, select, label").forEach(function (el) {
          var nome = el.getAttribute("name");
          if (nome) el.setAttribute("name", nome.replace(/\.\d+\.([a-z_]+)$/, "." + n + ".$1"));
          ["id", "for"].forEach(function (atributo) {
            var v = el.getAttribute(atributo);
            if (v) el.setAttribute(atributo, v.replace(/-\d+-([a-z_]+)$/, "-" + n + "-$1"));
          });
          el.removeAttribute("aria-describedby");
          el.removeAttribute("aria-invalid");
          if (el.matches("input, textarea")) el.value = "";
        });
        var titulo = nova.querySelector(".linha-titulo");
        if (titulo) titulo.textContent = titulo.textContent.replace(/\d+\s*$/, String(n + 1));
        ultima.parentNode.insertBefore(nova, ultima.nextSibling);
        var primeiro = nova.querySelector("input");
        if (primeiro) primeiro.focus();
        ajustar();
      });
      ajustar();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    ligarContraste();
    ligarMenu();
    focarPrimeiroErro();
    ligarDocumentos();
    ligarInspecao();
    ligarEnvioUnico();
    ligarSair();
    ligarLinhas();
    ligarRascunhos();
  });
})();
