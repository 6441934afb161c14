"""Os autores materiais admitidos de cada infração seguem o texto (issue 9, item 5).

RLESTA art. 7º § 3º lista quem pode ser autor material; a NORMAM de 2023, item 3.3.1, diz quem
responde por quê: "a) pelas irregularidades afetas à embarcação: o proprietário, o armador ou
preposto; b) pelas irregularidades afetas à condução: o condutor/tripulante; o prático; e/ou o
agente de manobra e docagem; c) a pessoa física ou jurídica que construir ou alterar as
características da embarcação; d) o proprietário ou construtor das obras [...]; e e) a pessoa
física ou jurídica proprietária de jazida [...]". A classificação abaixo é uma transcrição
independente dos dados (como ESPERADO em test_infracoes.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from farol.normas.infracoes import catalogo
from farol.normas.medidas import carregar_tabela
from farol.rules.autoria import PAPEIS_DA_INSPECAO, papeis_da_infracao

DONO = {"proprietario", "armador", "preposto"}  # 3.3.1 a
CONDUCAO = {"condutor", "comandante", "pratico", "agente_manobra"}  # 3.3.1 b (e o Comandante)
DE_OBRA_OU_JAZIDA = {"construtor_obra", "proprietario_obra", "pesquisador_jazida"}  # d, e

# Irregularidades afetas à embarcação (3.3.1 a): documento, registro, marcação, equipamento,
# dotação e tripulação de segurança da embarcação.
DA_EMBARCACAO = [
    "RLESTA.13.I", "RLESTA.13.II", "RLESTA.13.III", "RLESTA.14.I", "RLESTA.14.II",
    "RLESTA.14.III", "RLESTA.15.I", "RLESTA.15.II", "RLESTA.15.III", "RLESTA.16.I",
    "RLESTA.16.II", "RLESTA.17.I", "RLESTA.17.II", "RLESTA.17.III", "RLESTA.17.IV",
    "RLESTA.18.II", "RLESTA.19.I", "RLESTA.19.II", "RLESTA.19.III", "RLESTA.20.I",
    "RLESTA.20.III", "RLESTA.20.IV", "RLESTA.21.I", "RLESTA.21.II", "RLESTA.21.III",
    "RLESTA.28.I", "RLESTA.28.II", "LESTA.4-A",
]  # fmt: skip
# Irregularidades afetas à condução (3.3.1 b): habilitação pessoal, tráfego, operar as luzes.
DA_CONDUCAO = [
    "RLESTA.12.I", "RLESTA.12.II", "RLESTA.12.III", "RLESTA.20.II", "RLESTA.23.I",
    "RLESTA.23.II", "RLESTA.23.IV", "RLESTA.23.V", "RLESTA.23.VI", "RLESTA.23.VII",
    "RLESTA.23.VIII",
]  # fmt: skip

# O que o texto exclui, infração a infração: código -> tipos que não podem ser autores.
EXCLUIDOS: dict[str, set[str]] = {
    # 3.3.1 a: a irregularidade da embarcação não é do condutor/tripulante como tal, nem do
    # prático ou do agente de manobra (o Comandante fica onde o artigo prevê suspensão: ver
    # test_comandante_so_onde_o_artigo_preve_suspensao).
    **{c: {"condutor", "pratico", "agente_manobra"} | DE_OBRA_OU_JAZIDA for c in DA_EMBARCACAO},
    # 3.3.1 b: a irregularidade da condução não é do proprietário, do armador ou do preposto.
    **{c: DONO | DE_OBRA_OU_JAZIDA | {"construtor_embarcacao"} for c in DA_CONDUCAO},
    # RLESTA art. 23, III, "deixar de contratar prático quando obrigatório": o prático é o
    # contratado (RLESTA art. 6º, II; LESTA art. 12), não quem deixa de contratar.
    "RLESTA.23.III": {"pratico", "agente_manobra"} | DE_OBRA_OU_JAZIDA,
    # RLESTA art. 24: "São aplicáveis ao Comandante": só ele.
    "RLESTA.24": (DONO | CONDUCAO | DE_OBRA_OU_JAZIDA) - {"comandante"},
    # RLESTA art. 25: "São infrações imputáveis ao Prático": só ele.
    "RLESTA.25.I": (DONO | CONDUCAO | DE_OBRA_OU_JAZIDA) - {"pratico"},
    "RLESTA.25.II": (DONO | CONDUCAO | DE_OBRA_OU_JAZIDA) - {"pratico"},
    # RLESTA art. 26 e 27 (obra; jazida) e 3.3.1 d, e: só os do art. 7º § 3º, IV e V.
    "RLESTA.26": DONO | CONDUCAO | {"pesquisador_jazida"},
    "RLESTA.27": DONO | CONDUCAO | {"construtor_obra", "proprietario_obra"},
}


@pytest.mark.parametrize("codigo", sorted(EXCLUIDOS))
def test_nenhuma_infracao_admite_autor_que_o_texto_exclui(codigo: str) -> None:
    inf = catalogo().infracao(codigo)
    assert not set(inf.autores) & EXCLUIDOS[codigo], inf.autores


def test_a_classificacao_cobre_o_catalogo() -> None:
    """Toda infração está numa classe acima, ou é das que admitem as duas (11, 18.I, 22.x)."""
    transporte = [f"RLESTA.22.{i}" for i in ("I", "II", "III", "IV", "V")]
    das_duas = {"RLESTA.11", "RLESTA.18.I", *transporte}
    assert set(catalogo().infracoes) == set(EXCLUIDOS) | das_duas


# --- correções pinadas (cada uma com o dispositivo em que se apoia) -------------------------


def test_deixar_de_contratar_pratico_nao_e_do_pratico() -> None:
    # RLESTA art. 23, III; o prático presta o serviço (RLESTA art. 6º, II: o preço é negociado
    # "entre as partes interessadas"); quem não contrata é o dono ou quem conduz (3.3.1 a e b)
    inf = catalogo().infracao("RLESTA.23.III")
    assert inf.autores == ("condutor", "comandante", "proprietario", "armador", "preposto")
    assert inf.autoria.nota and inf.autoria.nota.startswith("Interpretação do Farol.")
    assert "RLESTA art. 6º, II" in inf.autoria.referencia()


@pytest.mark.parametrize("codigo", ["RLESTA.15.I", "RLESTA.16.II", "RLESTA.19.II"])
def test_equipamento_e_documento_da_embarcacao_sao_do_dono_nao_do_condutor(codigo: str) -> None:
    # RLESTA arts. 15, I (dotação), 16, II (documento de inscrição), 19, II (certificados):
    # irregularidades afetas à embarcação, NORMAM 2023 item 3.3.1 a
    inf = catalogo().infracao(codigo)
    assert inf.autores == ("proprietario", "armador", "preposto", "comandante")
    assert "condutor" not in inf.autores
    assert inf.autoria.fontes[0].dispositivo == "item 3.3.1 a"


@pytest.mark.parametrize("codigo", ["RLESTA.13.I", "RLESTA.14.I", "RLESTA.16.I", "RLESTA.20.I"])
def test_so_multa_e_irregularidade_da_embarcacao_so_do_dono(codigo: str) -> None:
    # RLESTA arts. 13, I; 14, I; 16, I; 20, I: só multa; 3.3.1 a (proprietário, armador ou
    # preposto) e LESTA art. 34, I ("no caso de embarcação, o proprietário, o armador ou preposto")
    inf = catalogo().infracao(codigo)
    assert set(inf.autores) == DONO
    assert inf.penalidade.suspensao_max is None


def test_comandante_so_onde_o_artigo_preve_suspensao() -> None:
    # RLESTA art. 8º: a suspensão "somente poderá ser aplicada ao aquaviário ou amador
    # embarcados e ao prático"; o Comandante é o "tripulante responsável pela operação e
    # manutenção de embarcação" (LESTA art. 2º, IV). Na irregularidade da embarcação, ele é
    # admitido só se o artigo prevê suspensão (interpretação do Farol, nota nos dados).
    for codigo in DA_EMBARCACAO:
        inf = catalogo().infracao(codigo)
        tem_suspensao = inf.penalidade.suspensao_max is not None
        assert ("comandante" in inf.autores) == tem_suspensao, codigo
        if tem_suspensao:  # a nota cita o Comandante (e, no RLESTA, o art. 8º)
            assert "LESTA art. 2º, IV" in inf.autoria.referencia(), codigo
            assert codigo.startswith("LESTA") or "RLESTA art. 8º" in inf.autoria.referencia()


@pytest.mark.parametrize("codigo", ["RLESTA.23.II", "RLESTA.23.IV", "RLESTA.23.VII"])
def test_regra_de_trafego_e_de_quem_conduz(codigo: str) -> None:
    # RLESTA art. 23 (normas de tráfego): irregularidade afeta à condução, NORMAM 2023 item
    # 3.3.1 b; antes admitia também proprietário, armador e preposto
    inf = catalogo().infracao(codigo)
    assert inf.autores == ("condutor", "comandante", "pratico", "agente_manobra")
    assert inf.autoria.referencia() == "NORMAM (Port. 110/2023) item 3.3.1 b"


def test_operar_as_luzes_e_da_conducao_e_nao_ter_as_luzes_e_da_embarcacao() -> None:
    # RLESTA art. 20, II ("operar luzes de navegação em desacordo") x art. 20, I ("sem as luzes")
    cat = catalogo()
    assert cat.infracao("RLESTA.20.II").autores == ("condutor", "comandante")
    assert set(cat.infracao("RLESTA.20.I").autores) == DONO


def test_protecao_do_motor_segue_a_tabela_de_medidas() -> None:
    # LESTA art. 4º-A: a tabela de medidas (interpretacao.autor_material_da_embarcacao) notifica
    # o proprietário, armador ou preposto; o Comandante fica pela suspensão e pelo cancelamento
    # (§ 2º); o condutor como tal não é autor material
    inf = catalogo().infracao("LESTA.4-A")
    assert inf.autores == ("proprietario", "armador", "preposto", "comandante")


def test_so_suspensao_so_admite_quem_a_suspensao_alcanca() -> None:
    # RLESTA art. 8º: infração punida só com suspensão não pode ter autor que ela não alcança
    cat = catalogo()
    for inf in cat.infracoes.values():
        if inf.penalidade.multa is None:
            assert all(cat.autores[a].suspensao for a in inf.autores), inf.codigo


def test_construtor_e_alterador_da_embarcacao_so_no_art_18_i() -> None:
    # RLESTA art. 7º § 3º, III; NORMAM 2023 item 3.3.1 c: "construir ou alterar as
    # características da embarcação" é o RLESTA art. 18, I
    com = [c for c, i in catalogo().infracoes.items() if "construtor_embarcacao" in i.autores]
    assert com == ["RLESTA.18.I"]


# --- a autoria cita o texto ----------------------------------------------------------------

SEMENTE = {
    "LESTA": "003_6182f1d95528b1a1.txt",
    "RLESTA": "002_fc8c093c74e0bcdc.txt",
    "NORMAM-2023": "000_40f57531f3957fe9.txt",
}


@pytest.mark.parametrize("codigo", sorted(catalogo().infracoes))
def test_toda_autoria_cita_o_texto_literal(codigo: str, sementes: Path) -> None:
    inf = catalogo().infracao(codigo)
    assert inf.autoria.fontes
    for c in inf.autoria.fontes:
        texto = " ".join((sementes / SEMENTE[c.norma]).read_text(encoding="utf-8").split())
        assert " ".join(c.texto.split()) in texto, (codigo, c.dispositivo)


def test_toda_correcao_interpretada_diz_que_e_interpretacao() -> None:
    # as escolhas que o texto não decide sozinho levam a nota "Interpretação do Farol."
    cat = catalogo()
    interpretadas = {c for c, i in cat.infracoes.items() if i.autoria.interpretacao}
    assert {"RLESTA.15.I", "RLESTA.23.III", "LESTA.4-A"} <= interpretadas


# --- a mesma autoria na tabela de medidas ---------------------------------------------------

# Quem a tabela de medidas (NORMAM 3.8 a 3.14) manda notificar -> o papel da inspeção.
PAPEL_DO_NOTIFICADO = {
    "condutor": "condutor",
    "proprietario": "proprietario",
    "proprietario_armador_ou_preposto": "proprietario",
}


def test_a_tabela_de_medidas_notifica_quem_o_catalogo_faz_responder() -> None:
    """A inspeção decide pela autoria do catálogo; a tabela de medidas (que diz quem recebe a
    Notificação em cada item da NORMAM) não pode dizer outra coisa."""
    t = carregar_tabela()
    cat = catalogo()
    for a in t.autores_materiais:
        for codigo in a.infracoes:
            esperado = {PAPEL_DO_NOTIFICADO[x] for x in a.autores}
            assert set(papeis_da_infracao(cat.infracao(codigo))) == esperado, codigo
    for linha in t.linhas:
        if linha.remissao is not None:
            continue
        for codigo in linha.infracoes:
            aplicavel = linha.infracao_aplicavel or codigo
            esperado = {PAPEL_DO_NOTIFICADO[x] for x in linha.notificar}
            assert set(papeis_da_infracao(cat.infracao(aplicavel))) == esperado, linha.id


def test_os_papeis_da_inspecao_sao_tipos_de_autor() -> None:
    assert set(PAPEIS_DA_INSPECAO) <= set(catalogo().autores)
