/* Farol — nova inspeção no campo, sem dependências. Tudo é melhoria progressiva: sem JS, sem
 * permissão ou sem conexão, os campos são digitados à mão e as fotos vão pelo campo de arquivo;
 * quem decide é o servidor. Com JS:
 * - a posição do GPS do celular (com a precisão em metros) preenche latitude, longitude e
 *   precisão, que continuam editáveis: sozinha se a permissão já foi dada, ou pelo botão;
 * - cada foto tirada se soma às anteriores (a câmera devolve uma por vez), com miniatura,
 *   descrição e o instante do arquivo, e pode ser removida antes de registrar;
 * - ao sair do campo da inscrição, uma inscrição já cadastrada mostra a embarcação e o
 *   proprietário registrados: "usar estes dados" preenche só os campos vazios, e o que foi
 *   digitado diferente fica como está (o servidor registra como digitado e anota a diferença). */
(function () {
  "use strict";

  function campo(form, nome) { return form.elements.namedItem(nome); }

  function elemento(tag, classe, texto) {
    var e = document.createElement(tag);
    if (classe) e.className = classe;
    if (texto != null) e.textContent = texto;
    return e;
  }

  function comparavel(texto) {
    return String(texto == null ? "" : texto).normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/\s+/g, " ").trim();
  }

  function numero(texto) {
    var n = parseFloat(String(texto).replace(",", "."));
    return isNaN(n) ? comparavel(texto) : String(n);
  }

  /* --- posição do GPS ------------------------------------------------------------------ */

  function ligarPosicao(form) {
    var linha = form.querySelector("[data-gps]");
    var lat = campo(form, "localizacao.latitude");
    var lon = campo(form, "localizacao.longitude");
    var prec = campo(form, "localizacao.precisao_m");
    if (!linha || !lat || !lon || !prec || !("geolocation" in navigator)) return;
    var botao = linha.querySelector("[data-acao=usar-gps]");
    var estado = linha.querySelector("[data-gps-estado]");
    linha.hidden = false;

    function digitada() { return lat.value.trim() !== "" || lon.value.trim() !== ""; }

    function pedir(sozinho) {
      estado.textContent = "Obtendo a posição…";
      navigator.geolocation.getCurrentPosition(function (pos) {
        if (sozinho && digitada()) { estado.textContent = ""; return; } // não troca o digitado
        lat.value = pos.coords.latitude.toFixed(6);
        lon.value = pos.coords.longitude.toFixed(6);
        prec.value = String(Math.ceil(pos.coords.accuracy));
        estado.textContent = "Posição do celular, com precisão de " + prec.value +
          " m. Pode corrigir os campos.";
      }, function (erro) {
        estado.textContent = erro.code === 1
          ? "Sem permissão para a localização: digite a posição, se quiser."
          : "Posição indisponível agora: tente de novo ou digite.";
      }, { enableHighAccuracy: true, timeout: 20000, maximumAge: 60000 });
    }

    botao.addEventListener("click", function () { pedir(false); });
    // com a permissão já dada, preenche ao abrir (sem perguntar nada ao inspetor)
    if (!digitada() && navigator.permissions && navigator.permissions.query) {
      navigator.permissions.query({ name: "geolocation" }).then(function (p) {
        if (p.state === "granted") pedir(true);
      }).catch(function () { /* sem a API de permissões: fica o botão */ });
    }
  }

  /* --- fotos ----------------------------------------------------------------------------- */

  function ligarFotos(form) {
    var entrada = form.querySelector("input[type=file][data-fotos]");
    var lista = form.querySelector("[data-fotos-lista]");
    if (!entrada || !lista || typeof DataTransfer === "undefined") return;
    var maximo = parseInt(entrada.getAttribute("data-maximo"), 10) || 6;
    var escolhidas = []; // {arquivo, url, descricao}
    var aviso = "";

    function igual(a, b) {
      return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
    }

    function desenhar() {
      lista.innerHTML = "";
      escolhidas.forEach(function (f, i) {
        var li = elemento("li", "foto-escolhida");
        var img = elemento("img");
        img.src = f.url;
        img.alt = "Foto " + (i + 1);
        img.width = 72;
        img.height = 72;
        var dados = elemento("div", "foto-dados");
        var id = "c-foto-descricao-" + i;
        var rotulo = elemento("label", null, "Descrição da foto " + (i + 1) + " (opcional)");
        rotulo.htmlFor = id;
        var desc = elemento("input");
        desc.type = "text";
        desc.id = id;
        desc.name = "fotos_descricao";
        desc.maxLength = 500;
        desc.autocomplete = "off";
        desc.value = f.descricao;
        desc.addEventListener("input", function () { f.descricao = desc.value; });
        var quando = elemento("input");
        quando.type = "hidden";
        quando.name = "fotos_tirada_em";
        quando.value = f.arquivo.lastModified ? new Date(f.arquivo.lastModified).toISOString() : "";
        var remover = elemento("button", "botao botao-terciario", "Remover");
        remover.type = "button";
        remover.setAttribute("aria-label", "Remover a foto " + (i + 1));
        remover.addEventListener("click", function () {
          URL.revokeObjectURL(f.url);
          escolhidas.splice(i, 1);
          aviso = "";
          sincronizar();
        });
        dados.appendChild(rotulo);
        dados.appendChild(desc);
        dados.appendChild(quando);
        li.appendChild(img);
        li.appendChild(dados);
        li.appendChild(remover);
        lista.appendChild(li);
      });
      if (escolhidas.length || aviso) {
        var resumo = elemento("li", "fotos-resumo", (escolhidas.length === 1 ? "1 foto" :
          escolhidas.length + " fotos") + " para registrar com a inspeção." + aviso);
        lista.appendChild(resumo);
      }
    }

    function sincronizar() {
      var dt = new DataTransfer();
      escolhidas.forEach(function (f) { dt.items.add(f.arquivo); });
      entrada.files = dt.files;
      desenhar();
    }

    // o formulário limpo (a inspeção guardada sem sinal, fila_inspecoes.js): sem as fotos
    form.addEventListener("reset", function () {
      escolhidas.forEach(function (f) { URL.revokeObjectURL(f.url); });
      escolhidas = [];
      aviso = "";
      setTimeout(sincronizar, 0);  // depois que o navegador limpou os campos
    });

    entrada.addEventListener("change", function () {
      aviso = "";
      Array.prototype.forEach.call(entrada.files, function (a) {
        if (escolhidas.some(function (f) { return igual(f.arquivo, a); })) return;
        if (escolhidas.length >= maximo) {
          aviso = " No máximo " + maximo + " fotos por inspeção: as demais ficaram de fora.";
          return;
        }
        escolhidas.push({ arquivo: a, url: URL.createObjectURL(a), descricao: "" });
      });
      sincronizar();
    });
  }

  /* --- inscrição já cadastrada ------------------------------------------------------------- */

  function ligarCadastro(form) {
    var caixa = document.getElementById("cadastro-inscricao");
    var inscricao = campo(form, "embarcacao.inscricao");
    if (!caixa || !inscricao || !window.fetch) return;
    var url = caixa.getAttribute("data-cadastro-inscricao");
    var consultada = "";

    function texto(valor) { return valor == null ? "" : String(valor); }

    /* [nome do campo, rótulo, valor do cadastro, como comparar] */
    function camposDoCadastro(e) {
      var lista = [
        ["embarcacao.nome", "nome", e.nome, comparavel],
        ["embarcacao.tipo", "tipo", e.tipo, comparavel],
        ["embarcacao.propulsao", "propulsão", e.propulsao, comparavel],
        ["embarcacao.comprimento", "comprimento",
          e.comprimento == null ? null : String(e.comprimento).replace(".", ","), numero]
      ];
      if (e.proprietario) {
        lista.push(["proprietario.documento", "CPF/CNPJ do proprietário", e.proprietario.documento,
          function (v) { return String(v).replace(/\D/g, ""); }]);
        lista.push(["proprietario.nome", "nome do proprietário", e.proprietario.nome, comparavel]);
      }
      return lista;
    }

    function usar(e) {
      var preenchidos = [], mantidos = [];
      camposDoCadastro(e).forEach(function (c) {
        var el = campo(form, c[0]);
        if (!el || c[2] == null || c[2] === "") return;
        var atual = el.value.trim();
        if (atual === "") {
          if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) {
            return o.value === c[2];
          })) return;
          el.value = c[2];
          el.dispatchEvent(new Event("change", { bubbles: true }));
          preenchidos.push(c[1]);
        } else if (c[3](atual) !== c[3](c[2])) {
          mantidos.push(c);
        }
      });
      var estrangeira = campo(form, "embarcacao.estrangeira");
      if (estrangeira && e.estrangeira && !estrangeira.checked) {
        estrangeira.checked = true;
        estrangeira.dispatchEvent(new Event("change", { bubbles: true }));
        preenchidos.push("bandeira estrangeira");
      }
      caixa.innerHTML = "";
      caixa.appendChild(elemento("p", null, preenchidos.length
        ? "Preenchido com o cadastro: " + preenchidos.join(", ") + "."
        : "Nada a preencher: os campos já estavam preenchidos."));
      if (mantidos.length) {
        var p = elemento("p", "cadastro-diferencas", "Mantido o que você digitou, diferente do cadastro: ");
        mantidos.forEach(function (c, i) {
          p.appendChild(document.createTextNode((i ? "; " : "") + c[1] + " (cadastro: "));
          p.appendChild(elemento("strong", null, texto(c[2])));
          p.appendChild(document.createTextNode(")"));
        });
        p.appendChild(document.createTextNode(". A inspeção fica como digitada e a diferença é anotada."));
        caixa.appendChild(p);
      }
      caixa.setAttribute("data-estado", "usado");
    }

    function informarDiferenca() {
      caixa.innerHTML = "";
      caixa.appendChild(elemento("p", null, "Digite os dados como estão a bordo: a inspeção fica " +
        "como digitada, e a diferença do cadastro é anotada no resultado e no processo."));
      caixa.setAttribute("data-estado", "diferenca");
      var nome = campo(form, "embarcacao.nome");
      if (nome) nome.focus();
    }

    function mostrar(e) {
      caixa.innerHTML = "";
      var p = elemento("p");
      p.appendChild(document.createTextNode("Embarcação já registrada: "));
      p.appendChild(elemento("strong", null, e.nome));
      if (e.proprietario) {
        p.appendChild(document.createTextNode(", proprietário "));
        p.appendChild(elemento("strong", null, e.proprietario.nome));
        p.appendChild(document.createTextNode(" (" + e.proprietario.documento + ")"));
      }
      p.appendChild(document.createTextNode("."));
      var acoes = elemento("p", "acoes-cadastro");
      var b1 = elemento("button", "botao botao-primario", "Usar estes dados");
      b1.type = "button";
      b1.setAttribute("data-acao", "usar-cadastro");
      b1.addEventListener("click", function () { usar(e); });
      var b2 = elemento("button", "botao botao-secundario", "Informar diferença");
      b2.type = "button";
      b2.setAttribute("data-acao", "informar-diferenca");
      b2.addEventListener("click", informarDiferenca);
      acoes.appendChild(b1);
      acoes.appendChild(b2);
      caixa.appendChild(p);
      caixa.appendChild(acoes);
      caixa.setAttribute("data-estado", "perguntando");
      caixa.hidden = false;
    }

    inscricao.addEventListener("blur", function () {
      var valor = inscricao.value.trim().toUpperCase();
      if (valor.length < 3 || valor === consultada) return;
      consultada = valor;
      fetch(url + "?inscricao=" + encodeURIComponent(valor),
            { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
        .then(function (achadas) {
          if (inscricao.value.trim().toUpperCase() !== valor) return;
          if (!achadas.length) {
            caixa.hidden = true;
            caixa.innerHTML = "";
            caixa.removeAttribute("data-estado");
            return;
          }
          mostrar(achadas[0]);
        })
        .catch(function () { consultada = ""; /* sem conexão: o servidor confere ao registrar */ });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("form-inspecao");
    if (!form) return;
    ligarPosicao(form);
    ligarFotos(form);
    ligarCadastro(form);
  });
})();
