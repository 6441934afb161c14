"""Regimes são dados (issue 8, item 3): um segundo quadro, escrito só em YAML, carrega e anda;
as marcas, os documentos e os papéis do quadro são validados na carga (item 1)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
import yaml

from farol.domain.papeis import (
    EMITE_DOCUMENTOS,
    INSPECIONA,
    PAPEIS,
    PAPEIS_SEM_ATOS,
    PAPEL_DA_CONSULTA_PUBLICA,
    REGISTRA_ATOS,
    abrangencia,
    nome_do_papel,
    papeis_com,
)
from farol.domain.procedimento.carregar import carregar_arquivo, carregar_regime, carregar_regimes
from farol.domain.procedimento.guardas import ContextoAto
from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.validacao import validar_quadro
from farol.erros import Conflito, DadosNormativosInvalidos
from farol.normas.citacao import DADOS
from farol.normas.papeis import validar_papeis
from farol.pdf.dados import TipoDocumento
from farol.services.comandos import (
    MODELO_POR_MARCA,
    DadosAcordao,
    DadosBaixaDividaAtiva,
    DadosCiencia,
    DadosComunicacaoCancelamento,
    DadosCorrecao,
    DadosCumprimentoAcessoria,
    DadosDecisao,
    DadosDecisaoComPenalidade,
    DadosDespacho,
    DadosEfeitoSuspensivo,
    DadosExecucaoDireta,
    DadosLavratura,
    DadosLevantamento,
    DadosLivres,
    DadosNotificacao,
    DadosPagamento,
    DadosProcurador,
    DadosRestituicao,
    DadosSobrestamento,
    modelo_dos_dados,
)

EXEMPLO = Path(__file__).resolve().parents[1] / "dados" / "procedimento_exemplo.yaml"
AC, CP, IN = "autoridade_competente", "capitao_dos_portos", "inspetor"


@pytest.fixture(scope="module")
def exemplo() -> Maquina:
    return carregar_arquivo(EXEMPLO)


def _contexto(data: dt.date, **fatos: Any) -> ContextoAto:
    return ContextoAto(data_ato=data, **fatos)


# --- o regime de exemplo, escrito só em dados ----------------------------------------------


def test_o_regime_de_exemplo_carrega_com_o_mesmo_esquema_e_as_mesmas_validacoes(
    exemplo: Maquina,
) -> None:
    assert exemplo.regime == "exemplo"
    assert exemplo.estado_inicial == "constatada"
    assert validar_quadro(exemplo.quadro) == []
    assert exemplo.estados_finais() == ("absolvido", "pago", "cobrado")
    assert "`prazo.exemplo.defesa`" in exemplo.como_tabela_markdown()


def test_o_regime_de_exemplo_anda_do_auto_ao_pagamento_com_os_seus_prazos(
    exemplo: Maquina,
) -> None:
    r = exemplo.aplicar("constatada", "auto", AC, _contexto(dt.date(2025, 3, 3)))
    assert r.estado_destino == "autuado"
    r = exemplo.aplicar("autuado", "ciencia_do_auto", IN, _contexto(dt.date(2025, 3, 5)))
    assert (r.estado_destino, r.prazos_iniciados) == ("em_defesa", ("prazo.exemplo.defesa",))

    vence_defesa = {"prazo.exemplo.defesa": dt.date(2025, 3, 26)}
    with pytest.raises(Conflito, match="prazo de defesa em curso até 26/03/2025"):
        exemplo.aplicar(
            "em_defesa", "revelia", AC, _contexto(dt.date(2025, 3, 26), vencimentos=vence_defesa)
        )
    r = exemplo.aplicar(
        "em_defesa", "revelia", AC, _contexto(dt.date(2025, 3, 27), vencimentos=vence_defesa)
    )
    assert r.estado_destino == "aguardando_julgamento"
    assert r.prazos_encerrados == ("prazo.exemplo.defesa",)
    assert r.prazos_iniciados == ("prazo.exemplo.julgamento",)
    (julgamento,) = r.transicao.inicia
    assert julgamento.contado_do_vencimento_de == "prazo.exemplo.defesa"

    vence_julgamento = {"prazo.exemplo.julgamento": dt.date(2025, 4, 25)}
    r = exemplo.aplicar(
        "aguardando_julgamento",
        "condenacao",
        AC,
        _contexto(dt.date(2025, 5, 2), vencimentos=vence_julgamento, multa_imposta=True),
    )
    assert r.estado_destino == "condenado"
    assert r.sinalizadores == ("prazo_extrapolado",)
    assert r.prazos_iniciados == ("prazo.exemplo.pagamento",)

    vence_pagamento = {"prazo.exemplo.pagamento": dt.date(2025, 5, 19)}
    com_multa = {"vencimentos": vence_pagamento, "multa_imposta": True}
    with pytest.raises(Conflito, match="prazo de pagamento em curso até 19/05/2025"):
        exemplo.aplicar("condenado", "cobranca", CP, _contexto(dt.date(2025, 5, 19), **com_multa))
    r = exemplo.aplicar(
        "condenado", "pagamento_da_multa", AC, _contexto(dt.date(2025, 5, 20), **com_multa)
    )
    assert (r.estado_destino, r.sinalizadores) == ("pago", ("intempestivo",))
    assert exemplo.estado(r.estado_destino).final


def test_o_regime_de_exemplo_tem_os_seus_papeis_marcas_e_documentos(exemplo: Maquina) -> None:
    with pytest.raises(Conflito, match=r"o papel Inspetor Naval não pode registrar"):
        exemplo.transicao("aguardando_julgamento", "condenacao", IN)
    assert exemplo.papeis_que_registram("paga_multa") == (AC,)
    assert exemplo.tipos_com("impoe_penalidade") == ("condenacao",)
    assert exemplo.estados_com("sem_debito") == ("absolvido", "pago")
    assert exemplo.marca("ciencia").meios == ("pessoal", "AR")
    assert exemplo.tipos_que_materializam("decisao_julgamento") == ("condenacao", "absolvicao")
    assert exemplo.efeitos_sobre("auto_de_infracao") == {"absolvicao": "auto julgado improcedente"}
    # marca de outro regime (LESTA) que este não declara: nenhum ato com ela aqui
    assert exemplo.tipos_com("decisao") == ()
    # marca que nenhum regime declara: nome errado no código
    with pytest.raises(DadosNormativosInvalidos, match=r'não declarada .* "decisoes"'):
        exemplo.tipos_com("decisoes")
    assert modelo_dos_dados(exemplo, "condenacao") is DadosDecisaoComPenalidade
    assert modelo_dos_dados(exemplo, "pagamento_da_multa") is DadosPagamento
    assert modelo_dos_dados(exemplo, "absolvicao") is DadosLivres


# --- as marcas do regime LESTA dão aos serviços as mesmas listas de antes -------------------


def test_as_marcas_do_regime_lesta_sao_as_categorias_que_os_servicos_usavam() -> None:
    m = carregar_regime("lesta")
    assert set(m.tipos_com("impoe_penalidade")) == {
        "julgamento_procedente",
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_final_provido_em_parte",
    }
    assert set(m.tipos_com("aceita_anexo")) == {
        "defesa",
        "recurso",
        "recurso_final",
        "esclarecimentos_prestados",
        "levantamento_de_medida",
    }
    assert m.tipos_com("ciencia") == (
        "ciencia_notificacao",
        "ciencia_auto",
        "ciencia_decisao",
        "ciencia_decisao_recurso",
        "ciencia_decisao_recurso_final",
        "ciencia_levantamento_sobrestamento",
    )
    assert m.marca("ciencia").meios == ("pessoal", "AR", "edital", "eletrônico")
    assert set(m.tipos_com("interrompe_prescricao")) == {
        "notificacao_comparecimento",
        "ciencia_auto",
        "julgamento_procedente",
        "decisao_recurso_nao_provido",
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_final_nao_provido",
        "decisao_recurso_final_provido_em_parte",
    }
    assert m.estados_com("sem_penalidade") == (
        "aguardando_restituicao",
        "aguardando_cancelamento_divida_ativa",
        "arquivado",
    )
    assert m.estados_com("recurso_pendente") == (
        "em_recurso",
        "recurso_decidido",
        "em_recurso_final",
        "recurso_final_decidido",
    )
    assert set(m.tipos_com("interpoe_recurso")) == {"recurso", "recurso_final"}
    assert m.estados_com("sem_debito") == (
        "aguardando_restituicao",
        "aguardando_cancelamento_divida_ativa",
        "arquivado",
        "quitado",
        "divida_ativa_baixada",
        "encerrado",
    )
    assert m.estados_finais() == ("arquivado", "quitado", "divida_ativa_baixada", "encerrado")
    assert m.tipo_com("abre_processo") == "notificacao_comparecimento"
    assert m.papeis_que_registram("lavra_auto") == (AC,)
    assert m.e_correcao("correcao") and not m.e_correcao("recurso")
    # o procurador (Norma de 2023, item 3.6.6) se constitui em todo estado não final, sem mudá-lo
    assert m.tipo_com("constitui_procurador") == "constituicao_procurador"
    assert m.papeis_que_registram("constitui_procurador") == (IN, AC, CP)


def test_o_modelo_dos_dados_de_cada_ato_lesta_vem_das_marcas() -> None:
    m = carregar_regime("lesta")
    esperado = {
        "lavratura_auto": DadosLavratura,
        "julgamento_procedente": DadosDecisaoComPenalidade,
        "decisao_recurso_provido_em_parte": DadosDecisaoComPenalidade,
        "decisao_recurso_final_provido_em_parte": DadosDecisaoComPenalidade,
        "julgamento_improcedente": DadosDecisao,
        "decisao_recurso_provido": DadosDecisao,
        "decisao_recurso_nao_provido": DadosDecisao,
        "decisao_recurso_final_provido": DadosDecisao,
        "decisao_recurso_final_nao_provido": DadosDecisao,
        "esclarecimentos_acolhidos": DadosDecisao,
        "pagamento": DadosPagamento,
        "notificacao_comparecimento": DadosNotificacao,
        "efeito_suspensivo": DadosEfeitoSuspensivo,
        "cumprimento_acessoria": DadosCumprimentoAcessoria,
        "execucao_direta_acessoria": DadosExecucaoDireta,
        "restituicao_devida": DadosRestituicao,
        "restituicao_efetuada": DadosRestituicao,
        "sobrestamento": DadosSobrestamento,
        "levantamento_sobrestamento": DadosAcordao,
        "ciencia_notificacao": DadosCiencia,
        "ciencia_auto": DadosCiencia,
        "ciencia_decisao": DadosCiencia,
        "ciencia_decisao_recurso": DadosCiencia,
        "ciencia_decisao_recurso_final": DadosCiencia,
        "ciencia_levantamento_sobrestamento": DadosCiencia,
        "constituicao_procurador": DadosProcurador,
        "correcao": DadosCorrecao,
        "levantamento_de_medida": DadosLevantamento,
        "baixa_divida_ativa": DadosBaixaDividaAtiva,
        "comunicacao_cancelamento_divida_ativa": DadosComunicacaoCancelamento,
        "despacho_sobrestamento": DadosDespacho,
    }
    for t in m.transicoes:
        assert modelo_dos_dados(m, t.tipo_ato) is esperado.get(t.tipo_ato, DadosLivres), t.tipo_ato
    todas = {marca for regime in carregar_regimes() for marca in regime.marcas}
    assert {marca for marca, _ in MODELO_POR_MARCA} <= todas


def test_os_documentos_do_quadro_sao_tipos_de_documento_do_farol() -> None:
    tipos = {t.value for t in TipoDocumento}
    for maquina in (carregar_regime("lesta"), carregar_arquivo(EXEMPLO)):
        for t in maquina.transicoes:
            citados = {*t.documentos, *(e.documento for e in t.altera_efeito_de)}
            assert citados <= tipos, (maquina.regime, t.tipo_ato, citados - tipos)


# --- marcas quebradas são recusadas ao carregar ---------------------------------------------


def _bruto_exemplo() -> dict[str, Any]:
    dados = yaml.safe_load(EXEMPLO.read_text(encoding="utf-8"))
    assert isinstance(dados, dict)
    return dados


def _transicao(dados: dict[str, Any], tipo_ato: str) -> dict[str, Any]:
    return next(t for t in dados["transicoes"] if t["tipo_ato"] == tipo_ato)  # type: ignore[no-any-return]


def _marca_nao_declarada(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["marcas"] = ["julga_a_revelia"]


def _marca_de_estado_num_ato(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["marcas"] = ["sem_debito"]


def _marca_nunca_usada(d: dict[str, Any]) -> None:
    d["marcas"].append({"id": "esquecida", "alvo": "ato", "descricao": "x", "fontes": d["fontes"]})


def _marca_com_nome_de_estado(d: dict[str, Any]) -> None:
    d["marcas"][0]["id"] = "condenado"
    _transicao(d, "ciencia_do_auto")["marcas"] = ["condenado"]


def _marca_sem_citacao(d: dict[str, Any]) -> None:
    d["marcas"][0]["fontes"] = []


def _prazo_contado_de_prazo_inexistente(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["inicia"][0]["contado_do_vencimento_de"] = "prazo.exemplo.prazo_x"


QUEBRAS = [
    (_marca_nao_declarada, 'transição "revelia": marca não declarada "julga_a_revelia"'),
    (_marca_de_estado_num_ato, 'a marca "sem_debito" é de estado, não de ato'),
    (_marca_nunca_usada, 'marca "esquecida" declarada e nunca usada'),
    (_marca_com_nome_de_estado, 'marca com o nome de um estado ou tipo de ato: "condenado"'),
    (_marca_sem_citacao, "fontes"),
    (_prazo_contado_de_prazo_inexistente, 'prazo "prazo.exemplo.prazo_x" não declarado'),
]


@pytest.mark.parametrize(
    ("mutacao", "mensagem"), QUEBRAS, ids=[m.__name__.strip("_") for m, _ in QUEBRAS]
)
def test_marca_quebrada_e_recusada_ao_carregar(tmp_path: Path, mutacao: Any, mensagem: str) -> None:
    dados = _bruto_exemplo()
    mutacao(dados)
    caminho = tmp_path / "procedimento_exemplo.yaml"
    caminho.write_text(yaml.safe_dump(dados, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DadosNormativosInvalidos) as e:
        carregar_arquivo(caminho)
    assert mensagem in str(e.value)


# --- papéis e permissões vêm de papeis.yaml -------------------------------------------------


def test_os_papeis_e_as_permissoes_vem_dos_dados() -> None:
    assert PAPEIS == (
        "inspetor",
        "autoridade_competente",
        "capitao_dos_portos",
        "dpc",
        "auditor",
        "consulta",
    )  # a ordem da lista fechada do banco (migração 0001)
    assert {"auditor", "consulta"} == PAPEIS_SEM_ATOS
    assert papeis_com(INSPECIONA) == (IN, AC, CP)
    assert set(papeis_com(EMITE_DOCUMENTOS)) == set(papeis_com(REGISTRA_ATOS))
    assert nome_do_papel("dpc") == "Diretor de Portos e Costas"
    assert nome_do_papel("escrivao", desconhecido="escrivão") == "escrivão"
    assert abrangencia("dpc") == "nacional" and abrangencia(IN) == "om_e_subordinadas"
    assert PAPEL_DA_CONSULTA_PUBLICA == "consulta"
    with pytest.raises(KeyError):
        papeis_com("julga_tudo")


def test_o_check_da_coluna_usuario_papel_e_o_da_migracao_congelada() -> None:
    from sqlalchemy import CheckConstraint

    from farol.store.orm import Usuario

    checks = [c for c in Usuario.__table__.constraints if isinstance(c, CheckConstraint)]
    assert [str(c.sqltext) for c in checks] == [
        "papel IN ('inspetor', 'autoridade_competente', 'capitao_dos_portos', 'dpc', "
        "'auditor', 'consulta')"
    ]


def _papeis_brutos() -> dict[str, Any]:
    dados = yaml.safe_load((DADOS / "papeis.yaml").read_text(encoding="utf-8"))
    assert isinstance(dados, dict)
    return dados


def test_papel_com_permissao_nao_declarada_ou_sem_fundamento_e_recusado() -> None:
    dados = _papeis_brutos()
    dados["papeis"][0]["permissoes"].append("julga_tudo")
    with pytest.raises(DadosNormativosInvalidos, match='permissão não declarada "julga_tudo"'):
        validar_papeis(dados)
    dados = _papeis_brutos()
    del dados["papeis"][-1]["observacao"]
    with pytest.raises(DadosNormativosInvalidos, match="diga por quê em `observacao`"):
        validar_papeis(dados)
    dados = _papeis_brutos()
    dados["papel_da_consulta_publica"] = "visitante"
    with pytest.raises(DadosNormativosInvalidos, match="papel_da_consulta_publica inexistente"):
        validar_papeis(dados)


# --- as citações novas são literais das fontes ----------------------------------------------

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEMENTE_DA_NORMA = {
    "LESTA": "003_6182f1d95528b1a1.txt",
    "RLESTA": "002_fc8c093c74e0bcdc.txt",
    "NORMAM-07": "001_c950f686a9bf07c3.txt",
    "NORMAM-2023": "000_40f57531f3957fe9.txt",
    "NORMAM-401": "004_ed9802e69be8ba93.txt",
}


def _citacoes(no: Any) -> list[dict[str, str]]:
    if isinstance(no, dict):
        proprias = [no] if {"norma", "dispositivo", "texto"} <= set(no) else []
        return proprias + [c for v in no.values() for c in _citacoes(v)]
    if isinstance(no, list):
        return [c for v in no for c in _citacoes(v)]
    return []


@pytest.mark.parametrize(
    "arquivo",
    [
        DADOS / "papeis.yaml",
        DADOS / "procedimento_lesta.yaml",
        DADOS / "procedimento_poluicao.yaml",
        DADOS / "procedimento_apuracao.yaml",
        DADOS / "procedimento_inquerito.yaml",
        DADOS / "poluicao.yaml",
        EXEMPLO,
    ],
    ids=lambda p: p.name,
)
def test_as_citacoes_dos_papeis_marcas_e_regimes_sao_literais_das_fontes(arquivo: Path) -> None:
    """Trechos separados por "[...]" aparecem, cada um, no texto da norma (as sementes); as leis
    que não estão nas sementes (Lei 9.784, Lei 9.873) são citadas do texto da própria lei."""
    if not SEEDS.exists():
        pytest.skip("textos legais (../shared/seeds) ausentes neste checkout")
    textos = {
        norma: " ".join((SEEDS / nome).read_text(encoding="utf-8").split())
        for norma, nome in SEMENTE_DA_NORMA.items()
    }
    for c in _citacoes(yaml.safe_load(arquivo.read_text(encoding="utf-8"))):
        if c["norma"] not in textos:
            continue
        for trecho in c["texto"].split("[...]"):
            assert " ".join(trecho.split()) in textos[c["norma"]], (c["dispositivo"], trecho)


def test_o_modelo_dos_dados_das_conclusoes_do_inquerito_vem_das_marcas() -> None:
    """A conclusão que abre o procedimento da LESTA recebe as infrações (`DadosConversao`); a
    que abre o ambiental (marca `abre_processo_ambiental`, antes de `abre_processo_sancionador`
    na ordem das marcas), os dados do Auto de Infração por poluição e a fundamentação."""
    from farol.services.comandos import DadosConversao, DadosConversaoPoluicao

    m = carregar_regime("inquerito")
    assert modelo_dos_dados(m, "instauracao_procedimento_sancionador") is DadosConversao
    assert modelo_dos_dados(m, "instauracao_procedimento_ambiental") is DadosConversaoPoluicao
    assert m.tipos_com("abre_processo_sancionador") == (
        "instauracao_procedimento_sancionador",
        "instauracao_procedimento_ambiental",
    )
    # o Capitão dos Portos, que conclui o inquérito, lavra o auto que abre o procedimento
    # ambiental (Agente da Autoridade Marítima, glossário da NORMAM-401)
    assert CP in carregar_regime("poluicao").papeis_que_registram("lavra_auto_poluicao")
