"""Os quadros da apuração posterior e do inquérito administrativo (RLESTA art. 9º, II e III):
todo ato parte de cada estado de origem declarado, e as guardas do inquérito recusam o que a
NORMAM-07 proíbe (segunda prorrogação; Ministério Público antes do Distrito Naval)."""

from __future__ import annotations

import datetime as dt

import pytest

from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.guardas import ContextoAto
from farol.erros import Conflito

D = dt.date(2026, 3, 2)
PERMISSIVO = ContextoAto(
    data_ato=D,
    marcas_praticadas=frozenset({"apreciacao_distrito", "designa_escrivao", "ouve_indiciado"}),
)


@pytest.mark.parametrize(
    ("regime", "abertos"),
    # a infração por poluição também se constata "mediante apuração posterior" e "mediante
    # inquérito administrativo" (NORMAM-401 item 1.2 b e c): os dois abrem também o
    # procedimento ambiental
    [("apuracao", {"notificacao_da_apuracao": "lesta", "auto_poluicao_da_apuracao": "poluicao"}),
     ("inquerito", {"instauracao_procedimento_sancionador": "lesta",
                    "instauracao_procedimento_ambiental": "poluicao"})],
)  # fmt: skip
def test_todo_ato_cabe_em_cada_estado_de_origem_e_abre_o_sancionador_declarado(
    regime: str, abertos: dict[str, str]
) -> None:
    m = carregar_regime(regime)
    assert {t.tipo_ato: t.abre_regime for t in m.transicoes if t.abre_regime} == abertos
    for t in m.transicoes:
        for origem in m.origens(t):
            papel = t.papeis[0]
            corrige = None
            if t.e_correcao:  # corrige o ato de abertura, registrado por quem o abre
                aberto = m.tipo_com("abre_processo")
                corrige, papel = aberto, m.transicoes[0].papeis[0]
            r = m.aplicar(origem, t.tipo_ato, papel, PERMISSIVO, corrige=corrige)
            assert r.estado_destino in (origem, *t.destinos), (origem, t.tipo_ato)
    assert m.tipos_com("abre_processo_sancionador")


def test_inquerito_prorroga_uma_so_vez_e_conta_do_vencimento() -> None:
    m = carregar_regime("inquerito")
    r = m.aplicar("em_instrucao", "prorrogacao_inquerito", "capitao_dos_portos", PERMISSIVO)
    assert r.prazos_encerrados == ("prazo.inquerito.conclusao",)
    assert r.prazos_iniciados == ("prazo.inquerito.prorrogacao",)
    inicio = next(x for x in r.transicao.inicia)
    assert inicio.contado_do_vencimento_de == "prazo.inquerito.conclusao"
    segunda = ContextoAto(data_ato=D, marcas_praticadas=frozenset({"prorroga_prazo"}))
    with pytest.raises(Conflito) as e:
        m.aplicar("em_instrucao", "prorrogacao_inquerito", "capitao_dos_portos", segunda)
    assert "uma só prorrogação" in e.value.mensagem
    assert e.value.regra == "NORMAM-07/DPC item 0320"


def test_ministerio_publico_so_depois_da_apreciacao_do_distrito_naval() -> None:
    m = carregar_regime("inquerito")
    sem = ContextoAto(data_ato=D)
    with pytest.raises(Conflito, match="Distrito Naval"):
        m.aplicar(
            "defesa_registrada", "encaminhamento_ministerio_publico", "capitao_dos_portos", sem
        )


def test_o_encarregado_nao_instaura_nem_prorroga() -> None:
    m = carregar_regime("inquerito")
    with pytest.raises(Conflito, match=r"cabe a: Capitão dos Portos \(NORMAM-07"):
        m.transicao("a_instaurar", "portaria_instauracao", "autoridade_competente")
    with pytest.raises(Conflito, match=r"cabe a: Capitão dos Portos \(NORMAM-07"):
        m.transicao("em_inquiricoes", "prorrogacao_inquerito", "autoridade_competente")


def test_conclusao_observa_o_prazo_da_prorrogacao() -> None:
    # prorrogado, o prazo de conclusão está encerrado e corre o da prorrogação (NORMAM-07 item
    # 0320): a conclusão depois dele extrapola o prazo; antes dele, não
    m = carregar_regime("inquerito")
    assert m.prorrogacoes == {"prazo.inquerito.conclusao": "prazo.inquerito.prorrogacao"}
    conclusao = m.transicao_do_tipo("conclusao_inquerito")
    assert conclusao is not None
    assert m.prazos_do_ato(conclusao) == (
        "prazo.inquerito.conclusao",
        "prazo.inquerito.prorrogacao",
    )
    vencimentos = {"prazo.inquerito.prorrogacao": dt.date(2026, 4, 6)}
    for dia, sinais in ((dt.date(2026, 4, 6), ()), (dt.date(2026, 4, 7), ("prazo_extrapolado",))):
        c = ContextoAto(data_ato=dia, vencimentos=vencimentos)
        r = m.aplicar("relatado", "conclusao_inquerito", "capitao_dos_portos", c)
        assert r.sinalizadores == sinais, dia


def test_a_primeira_fase_exige_o_escrivao_e_o_auto_de_perguntas_ao_indiciado() -> None:
    m = carregar_regime("inquerito")
    so_escrivao = ContextoAto(data_ato=D, marcas_praticadas=frozenset({"designa_escrivao"}))
    with pytest.raises(Conflito, match="sem o auto de perguntas ao indiciado") as e:
        m.aplicar("em_inquiricoes", "inicio_instrucao", "autoridade_competente", so_escrivao)
    assert e.value.regra == "NORMAM-07/DPC item 0318"
    assert m.tipos_com("designa_escrivao") == ("portaria_escrivao",)
    assert m.tipos_com("ouve_indiciado") == ("auto_perguntas_indiciado",)


def test_a_apuracao_cita_o_item_da_norma_de_2023_que_a_descreve() -> None:
    # Norma de 2023 item 3.2: "a apuração abrange a coleta de dados, documentos e provas
    # materiais pela CP/DL/AG [...]", "mediante apuração, notificando os possíveis envolvidos"
    m = carregar_regime("apuracao")
    assert "NORMAM (Port. 110/2023) item 3.2" in [c.referencia() for c in m.quadro.fontes]
    for tipo in ("registro_noticia", "diligencia_apuracao", "notificacao_da_apuracao"):
        t = m.transicao_do_tipo(tipo)
        assert t is not None and "NORMAM (Port. 110/2023) item 3.2" in t.fundamentos(), tipo


def test_indicios_de_crime_vao_ao_distrito_naval_desde_a_conclusao() -> None:
    # NORMAM-07 item 0322: "Quando a autoridade instauradora do inquérito administrativo, na sua
    # conclusão, verificar que há indícios de crime [...]": cabe já na 4ª fase, sem esperar a
    # defesa, e continua cabendo depois dela
    m = carregar_regime("inquerito")
    for estado in ("concluido", "defesa_registrada"):
        r = m.aplicar(estado, "apreciacao_distrito_naval", "capitao_dos_portos", PERMISSIVO)
        assert r.estado_destino == estado
        r = m.aplicar(estado, "encaminhamento_ministerio_publico", "capitao_dos_portos", PERMISSIVO)
        assert r.estado_destino == estado


def test_a_conclusao_do_inquerito_escolhe_o_procedimento_que_abre() -> None:
    """Da defesa registrada cabem as duas conclusões que abrem processo, ambas do Capitão dos
    Portos: a Notificação da LESTA e o Auto de Infração por poluição (NORMAM-401 item 1.2 c),
    com o modelo dos dados do ato de abertura do regime que abrem."""
    from farol.services.comandos import (
        DadosAutoPoluicao,
        DadosConversao,
        DadosConversaoPoluicao,
        DadosNotificacao,
        modelo_dos_dados,
    )

    m = carregar_regime("inquerito")
    cp = "capitao_dos_portos"
    for tipo, regime in (("instauracao_procedimento_sancionador", "lesta"),
                         ("instauracao_procedimento_ambiental", "poluicao")):  # fmt: skip
        r = m.aplicar("defesa_registrada", tipo, cp, PERMISSIVO)
        assert r.estado_destino == "convertido"
        assert r.transicao.abre_regime == regime
    ambiental = m.transicao_do_tipo("instauracao_procedimento_ambiental")
    assert ambiental is not None
    assert [f.referencia() for f in ambiental.fontes][:2] == [
        "NORMAM-401/DPC item 1.2",
        "NORMAM-401/DPC item 1.4.1 a",
    ]
    assert "mediante inquérito administrativo" in ambiental.fontes[0].texto
    # os dados da conclusão cabem no ato que abre o regime aberto (o mesmo nome de cada campo)
    par = {DadosConversao: DadosNotificacao, DadosConversaoPoluicao: DadosAutoPoluicao}
    for t in m.transicoes:
        if t.abre_regime is None:
            continue
        aberto = carregar_regime(t.abre_regime)
        abertura = aberto.transicao_do_tipo(aberto.tipo_com("abre_processo"))
        assert abertura is not None and cp in abertura.papeis  # quem conclui, abre
        modelo = modelo_dos_dados(m, t.tipo_ato)
        assert modelo_dos_dados(aberto, abertura.tipo_ato) is par[modelo]
    assert set(DadosConversaoPoluicao.model_fields) <= set(DadosAutoPoluicao.model_fields)


def test_a_conclusao_da_apuracao_escolhe_o_procedimento_que_abre() -> None:
    """Em apuração, a Autoridade Competente conclui pela Notificação da LESTA ou pelo Auto de
    Infração por poluição (NORMAM-401 item 1.2 b), com os dados do auto."""
    from farol.services.comandos import DadosConversaoPoluicao, modelo_dos_dados

    m = carregar_regime("apuracao")
    ac = "autoridade_competente"
    for tipo, regime in (("notificacao_da_apuracao", "lesta"),
                         ("auto_poluicao_da_apuracao", "poluicao")):  # fmt: skip
        r = m.aplicar("em_apuracao", tipo, ac, PERMISSIVO)
        assert (r.estado_destino, r.transicao.abre_regime) == ("convertida", regime)
        aberto = carregar_regime(regime)
        assert ac in aberto.papeis_que_registram("abre_processo")
    assert modelo_dos_dados(m, "auto_poluicao_da_apuracao") is DadosConversaoPoluicao
    fonte = m.transicao_do_tipo("auto_poluicao_da_apuracao").fontes[0]  # type: ignore[union-attr]
    assert fonte.referencia() == "NORMAM-401/DPC item 1.2"
    assert "mediante apuração posterior" in fonte.texto


def test_a_prorrogacao_depois_do_vencimento_da_conclusao_e_sinalizada() -> None:
    # NORMAM-07 item 0320: "prorrogável por mais trinta (30)"; prorrogar supõe o prazo em
    # curso. A semente não proíbe a prorrogação tardia: ela se registra, com o sinal
    m = carregar_regime("inquerito")
    vencimentos = {"prazo.inquerito.conclusao": dt.date(2026, 3, 4)}
    for dia, sinais in ((dt.date(2026, 3, 4), ()), (dt.date(2026, 3, 5), ("prazo_extrapolado",))):
        c = ContextoAto(data_ato=dia, vencimentos=vencimentos)
        r = m.aplicar("em_instrucao", "prorrogacao_inquerito", "capitao_dos_portos", c)
        assert r.sinalizadores == sinais, dia
