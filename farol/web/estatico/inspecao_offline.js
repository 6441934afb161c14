/* Farol — inspeção sem sinal, na página:
 * - registra o service worker (/sw.js) e mostra o aviso "Sem sinal" quando o aparelho está
 *   sem rede;
 * - sem rede, calcula as medidas no aparelho (medidas_offline.js) com os dados guardados de
 *   /api/v1/medidas/dados.json e diz que o cálculo foi feito sem sinal, com a versão dos dados.
 *   farol.js chama window.FarolSemSinal.avaliar(form, alvo, resumo) quando o servidor não responde;
 *   fila_inspecoes.js guarda com a inspeção a decisão de window.FarolSemSinal.decidir(form);
 * - com rede, pede ao service worker que confira se há versão nova (dados novos, cache novo). */
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function (reg) {
      if (navigator.onLine && reg.update) return reg.update();  // dados novos publicados?
    }).catch(function () { /* sem SW, ou sem rede para conferir agora */ });
  }
  function aviso() {
    var el = document.getElementById("aviso-sem-sinal");
    if (el) el.hidden = navigator.onLine;
  }
  window.addEventListener("online", aviso);
  window.addEventListener("offline", aviso);
  document.addEventListener("DOMContentLoaded", aviso);

  var dados = null;
  function carregarDados() {
    if (dados) return Promise.resolve(dados);
    return fetch("/api/v1/medidas/dados.json", { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (d) { dados = d; return d; });
  }
  document.addEventListener("DOMContentLoaded", function () { carregarDados().catch(function () {}); });

  function el(tag, texto, classe) {
    var e = document.createElement(tag);
    if (texto) e.textContent = texto;
    if (classe) e.className = classe;
    return e;
  }

  function marcado(form, nome, valor) {
    return Array.prototype.some.call(form.querySelectorAll('[name="' + nome + '"]'), function (i) {
      return i.checked && (valor === undefined || i.value === valor);
    });
  }

  function valor(form, nome) {
    var c = form.elements.namedItem(nome);
    if (!c) return "";
    if (c.length !== undefined && c.tagName !== "SELECT") {
      var v = "";
      Array.prototype.forEach.call(c, function (i) { if (i.checked) v = i.value; });
      return v;
    }
    return c.value || "";
  }

  /* as constatações como farol/web/rotas/inspecao.py `montar` as monta */
  function constatacoes(form, d) {
    var dataHora = valor(form, "data_hora");
    var data = dataHora ? dataHora.slice(0, 10) : null;
    var situacao = valor(form, "situacao");
    var validade = valor(form, "condutor.validade");
    var lista = [];
    form.querySelectorAll('[name="constatacoes"]').forEach(function (i) {
      if (!i.checked) return;
      var item = d.checklist[i.value];
      if (!item) return;
      var c = Object.assign({ infracao: item.infracao }, item.fatos);
      if (item.infracao.indexOf("RLESTA.16.") === 0) c.embarcacao_inscrita = valor(form, "embarcacao.inscrita") !== "nao";
      if (item.usa_validade && validade && data) {
        c.anos_vencida = window.FarolMedidasOffline.anosVencidaDeDatas(validade, data);
      }
      if (situacao === "navegando" || situacao === "parada") c.situacao = situacao;
      c.condutor_habilitado_presente = marcado(form, "condutor_habilitado_presente");
      c.embarcacao_estrangeira = marcado(form, "embarcacao.estrangeira");
      if (data) c.data_inspecao = data;
      lista.push({ rotulo: item.rotulo, c: c });
    });
    return lista;
  }

  /* a decisão do aparelho: medidas e notificados das constatações marcadas, com a versão dos
   * dados (a fila de inspeções, fila_inspecoes.js, a envia com a inspeção guardada) */
  function decidir(form) {
    return carregarDados().then(function (d) {
      var lista = constatacoes(form, d);
      var medidas = [], notificar = [], erros = [];
      lista.forEach(function (x) {
        var r = window.FarolMedidasOffline.avaliar(d, x.c);
        if (r.erro) {
          erros.push(x.rotulo + ": " + window.FarolMedidasOffline.mensagemNaPagina(d, r.erro));
          return;
        }
        r.resultado.medidas.forEach(function (m) { if (medidas.indexOf(m) < 0) medidas.push(m); });
        r.resultado.notificar.forEach(function (a) { if (notificar.indexOf(a) < 0) notificar.push(a); });
      });
      return { versao: d.versao, medidas: medidas, notificar: notificar, erros: erros,
               lista: lista, nomes: d.medidas_nomes, dados: d };
    });
  }

  /* `porque`: o que a pessoa lê antes da prévia do aparelho ("sem sinal", o padrão, ou
   * "com a sessão expirada": o servidor respondeu, mas não confere sem login) */
  function avaliar(form, alvo, resumo, porque) {
    porque = porque || "sem sinal";
    return decidir(form).then(function (x) {
      var d = x.dados, lista = x.lista, medidas = x.medidas, notificar = x.notificar, erros = x.erros;
      var caixa = el("div", "", "avaliacao-sem-sinal");
      caixa.setAttribute("data-sem-sinal", d.versao);
      caixa.appendChild(el("p", "Calculado " + porque + ", no aparelho, com os dados versão " + d.versao +
        ". O servidor confere de novo ao receber a inspeção.", "alerta alerta-aviso"));
      if (!lista.length) caixa.appendChild(el("p", "Nenhuma constatação marcada."));
      var ul = el("ul", "", "medidas-sem-sinal");
      medidas.forEach(function (m) { ul.appendChild(el("li", d.medidas_nomes[m] || m)); });
      if (lista.length && !medidas.length && !erros.length) ul.appendChild(el("li", "Nenhuma medida administrativa liminar."));
      caixa.appendChild(el("h3", "Medidas"));
      caixa.appendChild(ul);
      if (notificar.length) {
        caixa.appendChild(el("p", "Notificar: " + notificar.map(function (a) {
          return d.autores_nomes[a] || a; }).join(", ")));
      }
      erros.forEach(function (e) { caixa.appendChild(el("p", e, "alerta alerta-erro")); });
      alvo.innerHTML = "";
      alvo.appendChild(caixa);
      if (resumo) {
        resumo.innerHTML = "";
        resumo.appendChild(el("p", porque.charAt(0).toUpperCase() + porque.slice(1) + " (dados " + d.versao + "): " + (medidas.length
          ? medidas.map(function (m) { return d.medidas_nomes[m] || m; }).join(", ")
          : "nenhuma medida"), "resumo-linha"));
      }
    });
  }

  window.FarolSemSinal = { avaliar: avaliar, decidir: decidir, constatacoes: constatacoes };
})();
