/* Farol — avaliador das medidas sem sinal.
 * Espelho de farol/rules/medidas.py (aplicar_medidas) sobre os dados exportados em
 * GET /api/v1/medidas/dados.json. Não decide nada que o servidor não decida: o teste de paridade
 * (tests/e2e/web/test_medidas_offline_paridade.py) roda todos os casos dos testes de medidas nos
 * dois e exige resultados idênticos. Entrada: a constatação já validada (anos_vencida em número
 * ou null). Erro: lança {tipo, mensagem, campo, regra, consulte}, como EntradaInvalida/
 * ForaDeVigencia; `consulte` (farol.erros): o que a pessoa consulta para acertar a entrada, que a
 * página diz onde achar (`onde` dos dados, como a borda do servidor acrescenta). */
(function (global) {
  "use strict";

  var ENTRADA = [
    ["situacao", "situacao", "informe navegando ou parada (atracada, fundeada ou na boia)"],
    ["condutor_possui_habilitacao", "condutor_possui_habilitacao",
      "informe se o condutor é habilitado (possui CHA/CIR)"],
    ["vencimento", "anos_vencida", "informe anos_vencida (ou validade_habilitacao e data_inspecao)"],
    ["categoria_item", "categoria_item", "informe salvatagem, radiocomunicacao, incendio ou outros"],
    ["embarcacao_inscrita", "embarcacao_inscrita", "informe se a embarcação é inscrita ou registrada"],
    ["reincidente", "reincidente", "informe se há reincidência"],
  ];

  var CATALOGO_DE_INFRACOES = "catalogo_de_infracoes";  // farol.erros.CATALOGO_DE_INFRACOES

  function erro(tipo, mensagem, campo, regra, consulte) {
    return { tipo: tipo, mensagem: mensagem, campo: campo || null, regra: regra || null,
             consulte: consulte || null };
  }

  /* a mensagem com o que a página acrescenta (farol.erros.com_consulta com o `onde` dos dados,
   * o ONDE_NA_PAGINA do servidor): "...; os códigos estão na página Legislação" */
  function mensagemNaPagina(d, e) {
    var lugar = e.consulte && d.onde ? d.onde[e.consulte] : null;
    return lugar ? e.mensagem + "; " + lugar : e.mensagem;
  }

  function faixa(anos, limite) {
    if (anos === null || anos === undefined) return "nao_vencida";
    return anos <= limite ? "ate_5_anos" : "mais_de_5_anos";
  }

  // farol.rules.medidas.aniversario / anos_vencida_de_datas, com datas ISO (AAAA-MM-DD)
  function aniversario(iso, anos) {
    var p = iso.split("-").map(Number);
    var ano = p[0] + anos;
    var bissexto = (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;
    if (p[1] === 2 && p[2] === 29 && !bissexto) return Date.UTC(ano, 2, 1);
    return Date.UTC(ano, p[1] - 1, p[2]);
  }

  function emDias(iso) {
    var p = iso.split("-").map(Number);
    return Date.UTC(p[0], p[1] - 1, p[2]);
  }

  function anosVencidaDeDatas(validade, dataInspecao) {
    var dia = 86400000;
    var data = emDias(dataInspecao);
    if (data <= emDias(validade)) return null;
    var completos = Number(dataInspecao.slice(0, 4)) - Number(validade.slice(0, 4));
    while (completos > 0 && aniversario(validade, completos) > data) completos -= 1;
    var inicio = aniversario(validade, completos);
    var resto = Math.round((data - inicio) / dia);
    if (resto === 0) return completos;
    var duracao = Math.round((aniversario(validade, completos + 1) - inicio) / dia);
    var centesimos = Math.min(Math.max(Math.ceil((resto * 100) / duracao), 1), 99);
    return Number((completos + centesimos / 100).toFixed(2));
  }

  function valorOuNulo(v) { return v === undefined ? null : v; }

  function valores(c, d) {
    return {
      situacao: valorOuNulo(c.situacao),
      condutor_possui_habilitacao: valorOuNulo(c.condutor_possui_habilitacao),
      vencimento: faixa(valorOuNulo(c.anos_vencida), d.limite_anos),
      categoria_item: valorOuNulo(c.categoria_item),
      embarcacao_inscrita: valorOuNulo(c.embarcacao_inscrita),
      reincidente: !!c.reincidente,
    };
  }

  function aceita(linha, campo, valor) {
    if (!(campo in linha.condicoes)) return true;
    var exigido = linha.condicoes[campo];
    if (Array.isArray(exigido)) return exigido.indexOf(valor) >= 0;
    return exigido === valor;
  }

  function linhasDe(d, infracao) {
    return d.linhas.filter(function (x) { return x.infracoes.indexOf(infracao) >= 0; });
  }

  function achar(lista, infracao) {
    for (var i = 0; i < lista.length; i++) if (lista[i].infracoes.indexOf(infracao) >= 0) return lista[i];
    return null;
  }

  function escolherLinha(d, infracao, c) {
    var candidatas = linhasDe(d, infracao);
    if (!candidatas.length) return null;
    var v = valores(c, d);
    var possiveis = candidatas.filter(function (linha) {
      return Object.keys(v).every(function (k) { return v[k] === null || aceita(linha, k, v[k]); });
    });
    for (var i = 0; i < ENTRADA.length; i++) {
      var cond = ENTRADA[i][0];
      var usa = possiveis.filter(function (x) { return cond in x.condicoes; });
      if (v[cond] === null && usa.length) {
        throw erro("EntradaInvalida", "obrigatório para " + infracao + ": " + ENTRADA[i][2],
          ENTRADA[i][1], usa[0].refs[0]);
      }
    }
    if (!possiveis.length) {
      var anos = valorOuNulo(c.anos_vencida);
      if (anos === null && candidatas.some(function (x) { return "vencimento" in x.condicoes; })) {
        throw erro("EntradaInvalida", "obrigatório para " + infracao + " (CHA/CIR vencida): " +
          ENTRADA[2][2], "anos_vencida", candidatas[0].refs[0]);
      }
      throw erro("EntradaInvalida",
        "a constatação não corresponde a nenhuma linha da tabela para " + infracao, "infracao");
    }
    return possiveis[0];
  }

  function validarInfracao(d, infracao) {
    var conhecidas = d.conhecidas;
    if (conhecidas.indexOf(infracao) >= 0) return;
    var incisos = conhecidas.filter(function (k) { return k.indexOf(infracao + ".") === 0; });
    if (incisos.length) throw erro("EntradaInvalida", "informe o inciso: " + incisos.join(", "), "infracao");
    if (infracao.split(".").length === 3) {
      var artigo = infracao.slice(0, infracao.lastIndexOf("."));
      var doArtigo = conhecidas.filter(function (k) { return k === artigo || k.indexOf(artigo + ".") === 0; });
      if (doArtigo.length) {
        throw erro("EntradaInvalida", "inciso inexistente \u201c" + infracao +
          "\u201d; existentes: " + doArtigo.join(", "), "infracao");
      }
    }
    // a mensagem do servidor (normas/infracoes.py, infracao_desconhecida); onde estão os
    // códigos, a página acrescenta (mensagemNaPagina)
    throw erro("EntradaInvalida", "infração desconhecida: \u201c" + infracao +
      "\u201d, fora do catálogo de infrações", "infracao", null, CATALOGO_DE_INFRACOES);
  }

  function dataBr(iso) {
    var p = iso.split("-");
    return p[2] + "/" + p[1] + "/" + p[0];
  }

  function vigenciaDe(d, linha) {
    var chave = linha && linha.vigencia ? linha.vigencia : d.vigencia_padrao;
    return d.vigencias[chave];
  }

  function foraDeVigencia(infracao, v, data) {
    return erro("ForaDeVigencia", infracao + ": " + v.descricao + " — vigência a partir de " +
      dataBr(v.inicio) + "; inspeção em " + dataBr(data) + ": " + v.antes, "data_inspecao", v.ref);
  }

  // datas ISO (AAAA-MM-DD) comparam como texto
  function conferirVigenciaDaInfracao(d, infracao, data) {
    if (!data) return;
    var linhas = linhasDe(d, infracao);
    var vigs = linhas.length ? linhas.map(function (x) { return vigenciaDe(d, x); }) : [vigenciaDe(d, null)];
    var primeira = vigs[0];
    vigs.forEach(function (v) { if (v.inicio < primeira.inicio) primeira = v; });
    if (data < primeira.inicio) throw foraDeVigencia(infracao, primeira, data);
  }

  function conferirVigencia(d, infracao, linha, data) {
    var v = vigenciaDe(d, linha);
    if (data && data < v.inicio) throw foraDeVigencia(infracao, v, data);
  }

  function ordenar(ordem, conjunto) {
    return ordem.filter(function (m) { return conjunto.indexOf(m) >= 0; });
  }

  function semLinha(d, infracao) {
    var lacuna = achar(d.lacunas, infracao);
    var fundamentos = lacuna
      ? [lacuna.ref + ": nenhuma medida liminar na tabela para " + infracao + ": " + lacuna.texto]
      : [d.abrangencia_ref + ": a norma não lista medida administrativa liminar para " + infracao];
    var autoria = achar(d.autorias, infracao);
    if (!autoria) {
      fundamentos.push(d.autoria_geral_ref + ": autor material não classificado por esta " +
        "tabela; o Inspetor Naval o identifica");
      return [[], fundamentos];
    }
    if (autoria.ref) fundamentos.push(autoria.ref);
    if (autoria.interp) fundamentos.push(autoria.interp);
    return [ordenar(d.autores_ordem, autoria.autores), fundamentos];
  }

  function aplicarMedidas(d, c) {
    var data = c.data_inspecao || null;
    if (c.validade_habilitacao) {
      if (!data) throw erro("EntradaInvalida", "obrigatória quando se informa validade_habilitacao", "data_inspecao");
      if (valorOuNulo(c.anos_vencida) !== null) {
        throw erro("EntradaInvalida", "informe anos_vencida ou validade_habilitacao, não os dois", "anos_vencida");
      }
      c = Object.assign({}, c, { anos_vencida: anosVencidaDeDatas(c.validade_habilitacao, data) });
    }
    validarInfracao(d, c.infracao);
    conferirVigenciaDaInfracao(d, c.infracao, data);
    var fundamentos = [];
    var aplicavel = c.infracao;
    var linha = escolherLinha(d, c.infracao, c);
    conferirVigencia(d, c.infracao, linha, data);
    if (linha && linha.remissao) {
      linha.refs.forEach(function (r) { fundamentos.push(r + ": remete a " + linha.remissao); });
      aplicavel = linha.remissao;
      conferirVigenciaDaInfracao(d, linha.remissao, data);
      linha = escolherLinha(d, linha.remissao, c);
      conferirVigencia(d, aplicavel, linha, data);
    }
    var medidas = [], dispensadas = [], notificar, lacuna = null;
    if (!linha) {
      var r = semLinha(d, c.infracao);
      notificar = r[0];
      fundamentos = fundamentos.concat(r[1]);
      var l = achar(d.lacunas, c.infracao);
      if (l) lacuna = { infracao: c.infracao, referencia: l.ref, citacao: l.citacao, texto: l.texto };
    } else {
      fundamentos = fundamentos.concat(linha.refs);
      var aplicar = linha.medidas.slice();
      if (linha.dispensa && c.condutor_habilitado_presente) {
        dispensadas = ordenar(d.medidas_ordem, linha.dispensa.medidas);
        aplicar = aplicar.filter(function (m) { return dispensadas.indexOf(m) < 0; });
        fundamentos.push(linha.dispensa.ref + ": condutor habilitado apresentou-se durante a " +
          "abordagem; dispensada(s): " + dispensadas.join(", "));
      }
      medidas = ordenar(d.medidas_ordem, aplicar);
      notificar = ordenar(d.autores_ordem, linha.notificar);
      aplicavel = linha.infracao_aplicavel || aplicavel;
      if ("vencimento" in linha.condicoes) fundamentos.push(d.interp_vencimento);
      fundamentos = fundamentos.concat(linha.interpretacoes);
      if (linha.vigencia && linha.vigencia !== d.vigencia_padrao) {
        var v = d.vigencias[linha.vigencia];
        fundamentos.push(v.ref + ": " + v.descricao + ", em vigor desde " + dataBr(v.inicio));
      }
    }
    var documentos = [];
    medidas.forEach(function (m) {
      d.medidas_documentos[m].forEach(function (doc) {
        if (documentos.indexOf(doc) < 0) documentos.push(doc);
      });
    });
    var ordens = [];
    if (c.embarcacao_estrangeira) {
      ordens = d.estrangeira.ordens.slice();
      fundamentos = fundamentos.concat(d.estrangeira.refs);
      fundamentos.push(d.estrangeira.interp);
    }
    var unicos = [];
    fundamentos.forEach(function (f) { if (unicos.indexOf(f) < 0) unicos.push(f); });
    return {
      infracao: c.infracao,
      infracao_aplicavel: aplicavel,
      linha: linha ? linha.id : null,
      medidas: medidas,
      medidas_dispensadas: dispensadas,
      notificar: notificar,
      documentos: documentos,
      ordens_estrangeira: ordens,
      lacuna: lacuna,
      fundamentos: unicos,
    };
  }

  /* Resultado ou erro, no mesmo formato que o teste de paridade compara. */
  function avaliar(d, c) {
    try {
      return { resultado: aplicarMedidas(d, c) };
    } catch (e) {
      if (e && e.tipo) return { erro: e };
      throw e;
    }
  }

  global.FarolMedidasOffline = {
    aplicarMedidas: aplicarMedidas, avaliar: avaliar, anosVencidaDeDatas: anosVencidaDeDatas,
    mensagemNaPagina: mensagemNaPagina,
  };
})(typeof window !== "undefined" ? window : globalThis);
