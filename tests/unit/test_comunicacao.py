"""Comunicação dos atos (dados/comunicacao.yaml; Norma de 2023, item 3.6.6): a publicação
oficial é um dos meios de ciência do quadro, com os veículos e as hipóteses da norma; os dados
da ciência e do procurador; o formulário da página pergunta o que a API recebe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError
from starlette.datastructures import FormData

from farol.domain.procedimento.carregar import carregar_arquivo, carregar_regimes
from farol.erros import DadosNormativosInvalidos
from farol.normas.citacao import DADOS
from farol.normas.comunicacao import comunicacao, validar_comunicacao
from farol.services.comandos import DadosCiencia, DadosProcurador
from farol.services.comunicacao import descrever_ciencia
from farol.web.atos import campos_do_ato, montar

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
NORMAM_2023 = SEEDS / "000_40f57531f3957fe9.txt"
EXEMPLO = Path(__file__).resolve().parents[1] / "dados" / "procedimento_exemplo.yaml"


def _bruto() -> dict[str, Any]:
    dados = yaml.safe_load((DADOS / "comunicacao.yaml").read_text(encoding="utf-8"))
    assert isinstance(dados, dict)
    return dados


def test_a_publicacao_oficial_e_um_dos_meios_da_ciencia_de_todo_regime_que_a_declara() -> None:
    meio = comunicacao().publicacao_oficial.meio
    regimes = [m for m in (*carregar_regimes(), carregar_arquivo(EXEMPLO)) if "ciencia" in m.marcas]
    assert {m.regime for m in regimes} >= {"lesta"}
    lesta = next(m for m in regimes if m.regime == "lesta")
    assert meio in lesta.marca("ciencia").meios  # "edital": os atos já gravados continuam válidos


def test_os_veiculos_e_as_hipoteses_sao_os_do_item_3_6_6() -> None:
    pub = comunicacao().publicacao_oficial
    assert [(v.id, v.nome) for v in pub.veiculos] == [
        ("pagina_om", "página da OM na internet"),
        ("quadro_gap", "quadro de avisos do Grupo de Atendimento ao Público (GAP)"),
        ("dou", "Diário Oficial da União"),
    ]
    assert [h.id for h in pub.hipoteses] == ["indeterminado", "desconhecido", "endereco_indefinido"]
    assert pub.fundamento == "NORMAM (Port. 110/2023) item 3.6.6; Lei 9.784/1999 art. 26, § 4º"
    assert pub.fundamento_do_prazo == "Lei 9.784/1999 art. 66; NORMAM (Port. 110/2023) item 3.6.3 a"
    assert comunicacao().procurador.fundamento == (
        "NORMAM (Port. 110/2023) item 3.6.6; Lei 9.784/1999 art. 3º, IV"
    )


def _citacoes(no: Any) -> list[dict[str, str]]:
    if isinstance(no, dict):
        proprias = [no] if {"norma", "dispositivo", "texto"} <= set(no) else []
        return proprias + [c for v in no.values() for c in _citacoes(v)]
    if isinstance(no, list):
        return [c for v in no for c in _citacoes(v)]
    return []


def test_as_citacoes_da_norma_de_2023_sao_literais_da_semente() -> None:
    if not NORMAM_2023.exists():
        pytest.skip("textos legais (../shared/seeds) ausentes neste checkout")
    texto = " ".join(NORMAM_2023.read_text(encoding="utf-8").split())
    citacoes = [c for c in _citacoes(_bruto()) if c["norma"] == "NORMAM-2023"]
    assert citacoes
    for c in citacoes:
        for trecho in c["texto"].split("[...]"):
            assert " ".join(trecho.split()) in texto, (c["dispositivo"], trecho)


def test_veiculo_repetido_ou_sem_fonte_e_recusado_ao_carregar() -> None:
    dados = _bruto()
    dados["publicacao_oficial"]["veiculos"].append(dados["publicacao_oficial"]["veiculos"][0])
    with pytest.raises(
        DadosNormativosInvalidos, match="veículo declarado mais de uma vez: pagina_om"
    ):
        validar_comunicacao(dados)
    dados = _bruto()
    dados["publicacao_oficial"]["veiculos"][0]["fontes"] = []
    with pytest.raises(DadosNormativosInvalidos, match="fontes"):
        validar_comunicacao(dados)


# --- os dados da ciência e do procurador ----------------------------------------------------


def test_a_ciencia_exige_o_meio_e_guarda_a_publicacao() -> None:
    with pytest.raises(ValidationError) as e:
        DadosCiencia.model_validate({})
    assert e.value.errors()[0]["loc"] == ("meio",)
    d = DadosCiencia.model_validate(
        {
            "meio": "edital",
            "publicacao": {"veiculo": "dou", "publicado_em": "2026-03-18", "referencia": "p. 41"},
            "hipotese": "desconhecido",
            "justificativa": "Notificação devolvida: destinatário desconhecido.",
        }
    )
    assert d.publicacao is not None and d.publicacao.publicado_em.isoformat() == "2026-03-18"


def test_a_ciencia_se_descreve_pela_publicacao_ou_pelo_meio_e_o_procurador() -> None:
    publicada = {
        "meio": "edital",
        "publicacao": {"veiculo": "pagina_om", "publicado_em": "2026-05-04", "referencia": "x"},
    }
    assert descrever_ciencia(publicada) == (
        "ciência por publicação em página da OM na internet de 04/05/2026"
    )
    # o meio pelo nome de comunicacao.yaml, não pelo id gravado no ato
    assert descrever_ciencia({"meio": "pessoal"}) == "ciência por comunicação pessoal"
    assert descrever_ciencia({"meio": "AR", "procurador_nome": "Ana Lima"}) == (
        "ciência por via postal com aviso de recebimento, dada ao procurador Ana Lima"
    )
    # gravado antes da exigência dos dados da publicação
    assert descrever_ciencia({"meio": "edital"}) == "ciência por publicação oficial"
    assert descrever_ciencia({"texto": "sem meio"}) is None


def test_o_procurador_tem_cpf_valido_e_um_contato() -> None:
    base = {"nome": "Ana Lima", "cpf": "111.444.777-35", "email": "ana@exemplo.br"}
    assert DadosProcurador.model_validate(base).cpf == "11144477735"
    with pytest.raises(ValidationError, match="dígito verificador"):
        DadosProcurador.model_validate({**base, "cpf": "111.444.777-00"})
    with pytest.raises(ValidationError, match="e-mail ou o endereço"):
        DadosProcurador.model_validate({"nome": "Ana Lima", "cpf": "111.444.777-35"})
    so_endereco = {"nome": "Ana Lima", "cpf": "111.444.777-35", "endereco": "Rua A, 1"}
    assert DadosProcurador.model_validate(so_endereco).email is None


# --- o formulário da página -----------------------------------------------------------------


def _detalhe(**extra: Any) -> dict[str, Any]:
    return {"regime": "lesta", "hoje": "2026-03-18", "atos": [], **extra}


def test_o_formulario_da_ciencia_oferece_a_publicacao_e_os_procuradores() -> None:
    campos, _ = campos_do_ato("ciencia_auto", _detalhe())
    nomes = [c.nome for c in campos]
    assert nomes[:2] == ["data_ato", "dados.meio"]
    assert {"dados.publicacao.veiculo", "dados.publicacao.publicado_em"} <= set(nomes)
    assert {"dados.publicacao.referencia", "dados.hipotese", "dados.justificativa"} <= set(nomes)
    assert "dados.procurador_id" not in nomes  # nenhum procurador constituído
    meio = next(c for c in campos if c.nome == "dados.meio")
    assert [v for v, _ in meio.opcoes] == ["pessoal", "AR", "edital", "eletrônico"]
    # o rótulo de cada meio é o nome (comunicacao.yaml), não o id que o formulário envia
    assert [r.split(" (")[0] for _, r in meio.opcoes] == [
        "comunicação pessoal", "via postal com aviso de recebimento", "publicação oficial",
        "meio eletrônico",
    ]  # fmt: skip
    veiculo = next(c for c in campos if c.nome == "dados.publicacao.veiculo")
    assert [v for v, _ in veiculo.opcoes] == ["", "pagina_om", "quadro_gap", "dou"]

    procuradora = {"id": 7, "nome": "Ana Lima", "oab": "SC 1"}
    campos, _ = campos_do_ato("ciencia_auto", _detalhe(procuradores=[procuradora]))
    destinatario = next(c for c in campos if c.nome == "dados.procurador_id")
    assert destinatario.opcoes == (
        ("", "o próprio interessado"),
        ("7", "procurador Ana Lima (OAB SC 1)"),
    )


def test_o_formulario_da_publicacao_vira_o_corpo_que_a_api_recebe() -> None:
    form = FormData(
        [
            ("data_ato", "2026-03-18"),
            ("dados.meio", "edital"),
            ("dados.publicacao.veiculo", "dou"),
            ("dados.publicacao.publicado_em", "2026-03-18"),
            ("dados.publicacao.referencia", "DOU nº 53, seção 3, p. 41"),
            ("dados.hipotese", "endereco_indefinido"),
            ("dados.justificativa", "AR devolvido com a anotação 'mudou-se'."),
            ("dados.texto", ""),
        ]
    )
    assert montar("ciencia_auto", form)["dados"] == {
        "meio": "edital",
        "publicacao": {
            "veiculo": "dou",
            "publicado_em": "2026-03-18",
            "referencia": "DOU nº 53, seção 3, p. 41",
        },
        "hipotese": "endereco_indefinido",
        "justificativa": "AR devolvido com a anotação 'mudou-se'.",
    }
    # ciência pessoal: os selects da publicação ficam em branco e não vão
    pessoal = FormData([("data_ato", "2026-03-16"), ("dados.meio", "pessoal"),
                        ("dados.publicacao.veiculo", ""), ("dados.hipotese", "")])  # fmt: skip
    assert montar("ciencia_auto", pessoal)["dados"] == {"meio": "pessoal"}


def test_o_formulario_do_procurador_exige_o_instrumento() -> None:
    campos, _ = campos_do_ato("constituicao_procurador", _detalhe())
    por_nome = {c.nome: c for c in campos}
    assert {"dados.nome", "dados.cpf", "dados.oab", "dados.email", "dados.endereco"} <= set(
        por_nome
    )
    assert por_nome["arquivo"].tipo == "arquivo" and por_nome["arquivo"].obrigatorio
    assert "item 3.6.6" in por_nome["arquivo"].ajuda


def test_toda_ciencia_tem_aviso_de_publicacao_e_comunica_o_ato_que_a_precede_no_quadro() -> None:
    """O Aviso de ciência por publicação oficial materializa toda ciência do quadro; o ato que
    ela comunica é o que leva o processo ao estado de onde a ciência parte (destino declarado),
    nunca uma lista de tipos no código: a lavratura na ciência do auto, a decisão na da decisão.
    """
    lesta = next(m for m in carregar_regimes() if m.regime == "lesta")
    ciencias = lesta.tipos_com("ciencia")
    assert lesta.tipos_que_materializam("aviso_publicacao") == ciencias
    assert lesta.tipos_que_levam_a("ciencia_auto") == ("lavratura_auto",)
    assert lesta.tipos_que_levam_a("ciencia_decisao") == ("julgamento_procedente",)
    assert lesta.tipos_que_levam_a("ciencia_decisao_recurso") == (
        "decisao_recurso_provido_em_parte",
        "decisao_recurso_nao_provido",
    )
    documentos = {t.tipo_ato: t.documentos for t in lesta.transicoes}
    for ciencia in ciencias:
        comunicados = lesta.tipos_que_levam_a(ciencia)
        # o ato comunicado tem documento próprio (auto, decisão), ou registra o Acórdão que
        # levanta o sobrestamento: o aviso o cita pelo número
        assert comunicados and all(
            documentos[t] or lesta.tem_marca(t, "levanta_sobrestamento") for t in comunicados
        ), ciencia
    # correções, "@mesmo" e "@anterior" não levam a estado nenhum
    assert "correcao" not in lesta.tipos_que_levam_a("ciencia_auto")
    assert lesta.tipos_que_levam_a("tipo_inexistente") == ()
