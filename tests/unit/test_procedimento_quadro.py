"""O quadro de estados do procedimento: carga, validação do grafo, quadros quebrados e docs."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from farol.domain.papeis import PAPEIS, PAPEIS_SEM_ATOS
from farol.domain.procedimento.carregar import (
    carregar_arquivo,
    carregar_regime,
    regimes_disponiveis,
)
from farol.domain.procedimento.guardas import GUARDAS
from farol.domain.procedimento.quadro import ANTERIOR, NAO_FINAIS
from farol.domain.procedimento.validacao import validar_quadro
from farol.erros import DadosNormativosInvalidos, EntradaInvalida
from farol.normas.citacao import DADOS, registro_normas

RAIZ = Path(__file__).resolve().parents[2]
DOCS = RAIZ / "docs" / "procedimento.md"
ARQUIVO_LESTA = DADOS / "procedimento_lesta.yaml"

ESTADOS_LESTA = {
    "constatada": False,
    "notificado": False,
    "autuado": False,
    "em_defesa": False,
    "aguardando_julgamento": False,
    "julgado_procedente": False,
    "decisao_notificada": False,
    "em_recurso": False,
    "recurso_decidido": False,
    "decisao_recurso_notificada": False,
    "em_recurso_final": False,
    "recurso_final_decidido": False,
    "decisao_definitiva_notificada": False,
    "sobrestado": False,
    "sobrestamento_levantado": False,
    "aguardando_restituicao": False,
    # provido o recurso da multa já encaminhada, a OM comunica a PGFN (NORMAM-07 item 0314)
    "aguardando_cancelamento_divida_ativa": False,
    "arquivado": True,
    "quitado": True,
    "divida_ativa": False,  # a cobrança segue na PGFN até a baixa (LESTA art. 20)
    "divida_ativa_baixada": True,
    "encerrado": True,
}


def _bruto() -> dict[str, Any]:
    dados = yaml.safe_load(ARQUIVO_LESTA.read_text(encoding="utf-8"))
    assert isinstance(dados, dict)
    return dados


def _transicao(dados: dict[str, Any], tipo_ato: str) -> dict[str, Any]:
    for t in dados["transicoes"]:
        if t["tipo_ato"] == tipo_ato:
            return t  # type: ignore[no-any-return]
    raise KeyError(tipo_ato)


# --- o quadro do regime LESTA ---------------------------------------------------------------


def test_o_quadro_lesta_carrega_valida_e_fica_em_cache() -> None:
    m = carregar_regime("lesta")
    assert m.regime == "lesta"
    assert m.estado_inicial == "constatada"
    assert carregar_regime("lesta") is m
    assert "lesta" in regimes_disponiveis()
    assert validar_quadro(m.quadro) == []


def test_o_quadro_lesta_tem_os_estados_do_procedimento_e_seus_finais() -> None:
    m = carregar_regime("lesta")
    assert {e.id: e.final for e in m.estados.values()} == ESTADOS_LESTA


def test_toda_transicao_tem_citacao_de_norma_registrada() -> None:
    normas = registro_normas()
    for t in carregar_regime("lesta").transicoes:
        assert t.fontes, t.tipo_ato
        for c in t.fontes:
            assert c.norma in normas
            assert c.texto.strip() and c.dispositivo.strip()


def test_papeis_e_guardas_do_quadro_sao_os_declarados() -> None:
    for t in carregar_regime("lesta").transicoes:
        if not t.e_correcao:
            assert set(t.papeis) <= set(PAPEIS) - PAPEIS_SEM_ATOS, t.tipo_ato
        assert set(t.guardas) <= set(GUARDAS), t.tipo_ato


def test_os_prazos_do_quadro_sao_regras_do_motor_de_prazos() -> None:
    """Os ids `prazo.lesta.<etapa>` citados aqui existem nos dados de prazos (sem importar o motor)."""
    texto_prazos = (DADOS / "prazos.yaml").read_text(encoding="utf-8")
    m = carregar_regime("lesta")
    citados = {p for e in m.estados.values() for p in e.prazos}
    for t in m.transicoes:
        citados |= {p.prazo for p in t.inicia} | set(t.encerra)
    assert citados == {f"prazo.lesta.{etapa}" for etapa in m.quadro.prazos}
    for prazo in citados:
        assert prazo in texto_prazos, prazo


def test_regime_sem_quadro_e_recusado_com_os_disponiveis() -> None:
    with pytest.raises(EntradaInvalida, match='regime sem quadro de procedimento: "naval"') as e:
        carregar_regime("naval")
    assert e.value.campo == "regime"
    with pytest.raises(EntradaInvalida):
        carregar_regime("../normas")


# --- a documentação nunca se afasta do quadro -----------------------------------------------
# A tabela gerada (região `procedimento-lesta`) é conferida por `farol docs --verificar`
# (tests/unit/test_documentacao.py); aqui, o texto escrito à mão.


def test_a_documentacao_menciona_todo_tipo_de_ato_e_toda_guarda() -> None:
    texto = DOCS.read_text(encoding="utf-8")
    m = carregar_regime("lesta")
    for t in m.transicoes:
        assert f"`{t.tipo_ato}`" in texto
    for g in GUARDAS:
        assert f"`{g}`" in texto


# --- quadros quebrados ----------------------------------------------------------------------

Mutacao = Callable[[dict[str, Any]], None]


def _destino_inexistente(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["destino"] = "julgado_a_revelia"


def _estado_inalcancavel(d: dict[str, Any]) -> None:
    d["estados"].append({"id": "esquecido", "nome": "Esquecido", "final": True})


def _estado_sem_saida(d: dict[str, Any]) -> None:
    d["transicoes"] = [t for t in d["transicoes"] if t["tipo_ato"] != "ciencia_decisao"]


def _estado_sem_caminho_ao_fim(d: dict[str, Any]) -> None:
    """limbo <-> limbo_2: cada um tem saída, mas nenhum leva a um estado final."""
    d["estados"] += [
        {"id": "limbo", "nome": "Limbo", "final": False},
        {"id": "limbo_2", "nome": "Limbo 2", "final": False},
    ]
    for tipo_ato, origem, destino in [
        ("ida_ao_limbo", "autuado", "limbo"),
        ("vai", "limbo", "limbo_2"),
        ("volta", "limbo_2", "limbo"),
    ]:
        d["transicoes"].append(
            {
                "tipo_ato": tipo_ato,
                "nome": tipo_ato,
                "origens": [origem],
                "destino": destino,
                "papeis": ["autoridade_competente"],
                "fontes": [{"norma": "LESTA", "dispositivo": "art. 22", "texto": "x"}],
            }
        )


def _transicao_sem_citacao(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["fontes"] = []


def _citacao_de_norma_desconhecida(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["fontes"] = [
        {"norma": "CPP", "dispositivo": "art. 366", "texto": "revelia"}
    ]


def _papel_desconhecido(d: dict[str, Any]) -> None:
    _transicao(d, "recurso")["papeis"] = ["escrivao"]


def _auditor_registrando(d: dict[str, Any]) -> None:
    _transicao(d, "pagamento")["papeis"] = ["auditor"]


def _guarda_nao_declarada(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["guardas"] = ["prazo_de_defesa_acabou"]


def _dois_atos_iguais_da_mesma_origem(d: dict[str, Any]) -> None:
    d["transicoes"].append(copy.deepcopy(_transicao(d, "defesa")) | {"destino": "arquivado"})


def _prazo_nao_declarado(d: dict[str, Any]) -> None:
    _transicao(d, "ciencia_auto")["inicia"] = [{"prazo": "prazo.lesta.defesa_previa"}]


def _prazo_de_outro_regime(d: dict[str, Any]) -> None:
    _transicao(d, "ciencia_auto")["inicia"] = [{"prazo": "prazo.poluicao.defesa"}]


def _estado_inicial_final(d: dict[str, Any]) -> None:
    d["estado_inicial"] = "arquivado"


def _transicao_partindo_de_estado_final(d: dict[str, Any]) -> None:
    _transicao(d, "pagamento")["origens"].append("divida_ativa_baixada")


def _encerra_prazos_com_prazos(d: dict[str, Any]) -> None:
    next(e for e in d["estados"] if e["id"] == "em_defesa")["encerra_prazos"] = True


def _encerra_prazos_em_estado_final(d: dict[str, Any]) -> None:
    next(e for e in d["estados"] if e["id"] == "quitado")["encerra_prazos"] = True


def _sinalizador_sem_prazo_do_ato(d: dict[str, Any]) -> None:
    del _transicao(d, "recurso")["prazo_do_ato"]


def _condicao_de_prazo_que_e_sinalizador(d: dict[str, Any]) -> None:
    _transicao(d, "ciencia_decisao")["inicia"][1]["se"] = "flag_intempestivo_se_fora_do_prazo"


def _anterior_misturado(d: dict[str, Any]) -> None:
    _transicao(d, "correcao")["origens"] = [NAO_FINAIS, "constatada"]


def _retorno_a_estado_sem_entrada(d: dict[str, Any]) -> None:
    _transicao(d, "levantamento_sobrestamento")["origens"] = ["constatada"]
    _transicao(d, "levantamento_sobrestamento")["destino"] = ANTERIOR


def _campo_desconhecido(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["efeito_suspensivo"] = True


def _abre_regime_sem_a_marca(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["abre_regime"] = "poluicao"


def _marca_que_abre_processo_sem_o_regime(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["marcas"] = ["abre_processo_sancionador"]


def _abre_o_proprio_regime(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["marcas"] = ["abre_processo_sancionador"]
    _transicao(d, "revelia")["abre_regime"] = "lesta"


def _abre_regime_sem_quadro(d: dict[str, Any]) -> None:
    _transicao(d, "revelia")["marcas"] = ["abre_processo_sancionador"]
    _transicao(d, "revelia")["abre_regime"] = "ambiental"


QUEBRAS: list[tuple[Mutacao, str]] = [
    (_destino_inexistente, 'estado de destino inexistente "julgado_a_revelia"'),
    (_estado_inalcancavel, 'estado inalcançável a partir de "constatada": "esquecido"'),
    (_estado_sem_saida, 'estado não final sem saída: "julgado_procedente"'),
    (_estado_sem_caminho_ao_fim, 'não leva a nenhum estado final: "limbo"'),
    (_transicao_sem_citacao, "fontes"),
    (_citacao_de_norma_desconhecida, "norma desconhecida: 'CPP'"),
    (_papel_desconhecido, 'papel desconhecido "escrivao"'),
    (_auditor_registrando, "o papel auditor não registra atos"),
    (_guarda_nao_declarada, 'guarda não declarada "prazo_de_defesa_acabou"'),
    (_dois_atos_iguais_da_mesma_origem, 'dois atos "defesa" partindo do estado "em_defesa"'),
    (_prazo_nao_declarado, 'prazo "prazo.lesta.defesa_previa" não declarado'),
    (_prazo_de_outro_regime, 'prazo "prazo.poluicao.defesa" não declarado'),
    (_estado_inicial_final, 'estado inicial é final: "arquivado"'),
    (_transicao_partindo_de_estado_final, 'parte do estado final "divida_ativa_baixada"'),
    (_encerra_prazos_com_prazos, '"em_defesa": `encerra_prazos` só cabe num estado não final'),
    (_encerra_prazos_em_estado_final, '"quitado": `encerra_prazos` só cabe num estado não final'),
    (_sinalizador_sem_prazo_do_ato, "exige `prazo_do_ato`"),
    (_condicao_de_prazo_que_e_sinalizador, "não é uma guarda de condição"),
    (_anterior_misturado, '"@nao_finais" não se combina com outras origens'),
    (_retorno_a_estado_sem_entrada, '"@anterior" a partir de "constatada"'),
    (_campo_desconhecido, "efeito_suspensivo"),
    (_abre_regime_sem_a_marca, '`abre_regime` só cabe no ato com a marca "abre_processo_sanc'),
    (
        _marca_que_abre_processo_sem_o_regime,
        'marca "abre_processo_sancionador" exige `abre_regime`',
    ),
    (_abre_o_proprio_regime, '`abre_regime` inválido: "lesta"'),
    (_abre_regime_sem_quadro, 'abre o regime "ambiental", sem quadro de procedimento'),
]


@pytest.mark.parametrize(
    ("mutacao", "mensagem"), QUEBRAS, ids=[m.__name__.strip("_") for m, _ in QUEBRAS]
)
def test_quadro_quebrado_e_recusado_ao_carregar_com_o_motivo(
    tmp_path: Path, mutacao: Mutacao, mensagem: str
) -> None:
    dados = _bruto()
    mutacao(dados)
    caminho = tmp_path / "procedimento_quebrado.yaml"
    caminho.write_text(yaml.safe_dump(dados, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DadosNormativosInvalidos) as e:
        carregar_arquivo(caminho)
    assert mensagem in str(e.value)
    assert str(caminho) in str(e.value)


def test_o_quadro_intacto_reescrito_em_outro_arquivo_carrega(tmp_path: Path) -> None:
    caminho = tmp_path / "procedimento_copia.yaml"
    caminho.write_text(yaml.safe_dump(_bruto(), allow_unicode=True), encoding="utf-8")
    copia = carregar_arquivo(caminho)
    assert copia.como_tabela_markdown() == carregar_regime("lesta").como_tabela_markdown()


def test_arquivo_que_nao_e_mapa_ou_nao_e_yaml_e_recusado(tmp_path: Path) -> None:
    lista = tmp_path / "lista.yaml"
    lista.write_text("- a\n- b\n", encoding="utf-8")
    with pytest.raises(DadosNormativosInvalidos, match="esperado um mapa"):
        carregar_arquivo(lista)
    ruim = tmp_path / "ruim.yaml"
    ruim.write_text("estados: [\n", encoding="utf-8")
    with pytest.raises(DadosNormativosInvalidos):
        carregar_arquivo(ruim)


def test_varios_problemas_sao_relatados_de_uma_vez(tmp_path: Path) -> None:
    dados = _bruto()
    _papel_desconhecido(dados)
    _guarda_nao_declarada(dados)
    caminho = tmp_path / "procedimento_dois_erros.yaml"
    caminho.write_text(yaml.safe_dump(dados, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DadosNormativosInvalidos) as e:
        carregar_arquivo(caminho)
    assert 'papel desconhecido "escrivao"' in str(e.value)
    assert 'guarda não declarada "prazo_de_defesa_acabou"' in str(e.value)


def test_os_prazos_que_a_ciencia_abre_pelo_estado_e_pelo_ato_comunicado() -> None:
    """A consulta do interessado (pelo estado) e a decisão em PDF emitida antes da ciência (pelo
    ato comunicado) leem os mesmos prazos do quadro: a defesa pela ciência do Auto (LESTA art. 23
    § 1º); o recurso, o pagamento se houver multa e as acessórias pela ciência da decisão."""
    lesta = carregar_regime("lesta")

    def etapas(**filtro: str) -> list[tuple[str, str, str | None]]:
        return [(t.tipo_ato, e, i.se) for t, i, e in lesta.prazos_que_a_ciencia_abre(**filtro)]

    assert etapas(de_estado="autuado") == [("ciencia_auto", "defesa", None)]
    assert etapas(comunica="lavratura_auto") == [("ciencia_auto", "defesa", None)]
    assert etapas(comunica="julgamento_procedente") == [
        ("ciencia_decisao", "recurso", None),
        ("ciencia_decisao", "pagamento", "multa_imposta"),
        ("ciencia_decisao", "acessoria", "acessoria_a_cumprir"),
    ]
    assert etapas(de_estado="em_defesa") == []  # nenhuma ciência parte dali
