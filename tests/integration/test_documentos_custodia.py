"""Documentos da custódia contam da notificação do proprietário, não da apreensão.

NORMAM-07 item 0309: sanadas as irregularidades, o proprietário "será notificado a fazê-lo
dentro de quinze dias"; não sanadas, "será notificado para fazê-los no prazo de 90 dias"; sem
proprietário ou residência conhecidos, "a notificação será feita por Edital". Os prazos
(`prazo.custodia.retirada` e `prazo.custodia.regularizacao`, prazos.yaml) correm da ciência.

Cenário: apreensão na inspeção de 01/09/2026 (terça-feira); proprietário notificado (ou edital
afixado) em 05/10/2026 (segunda-feira). Calendário da CPSC (SC); prazos em dias corridos a
partir do dia seguinte à ciência (Lei 9.784/1999 art. 66 e § 2º):

- Notificação para Retirada, 15 dias: 06/10 a 20/10/2026, terça-feira → vence em 20/10/2026.
  Contados da apreensão (o erro antigo) venceria em 16/09/2026.
- Edital, 90 dias: 05/10/2026 + 90 = 03/01/2027, domingo → prorrogado (art. 66 § 1º) para
  segunda-feira, 04/01/2027. Contados da apreensão venceria em 30/11/2026.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import pytest
from pypdf import PdfReader

from farol.erros import EntradaInvalida
from farol.pdf import dados as d
from farol.services import documentos, inspecoes
from farol.services.jurisdicao import ator_do_usuario
from farol.services.montagem_documentos import montar
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.db import Banco
from farol.store.orm import Processo

URL = "https://farol.exemplo.mil.br"
VERIFICACAO = d.Verificacao(codigo="TEST-0000-0001", url=f"{URL}/verificar/TEST-0000-0001")
CIENCIA = "2026-10-05"


def texto(pdf: bytes) -> str:
    return " ".join(
        " ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages
    )


@pytest.fixture
def apreensao(banco: Banco) -> dict[str, Any]:
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        aut = criar_usuario(s, login="aut", nome="Autoridade", senha="x",
                            papel="autoridade_competente", om=om)  # fmt: skip
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410777777", "nome": "Siri Azul"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "navegando", "constatacoes": [{"infracao": "RLESTA.16.I"}],
        })  # fmt: skip
        r = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd)
        assert "apreensao_embarcacao" in r.medidas
        return {"pid": r.processos[0].id, "aut": ator_do_usuario(s, aut)}


def _prazo(banco: Banco, pid: int, tipo: d.TipoDocumento, extras: dict[str, Any]) -> d.Prazo:
    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.get(Processo, pid)
        assert p is not None
        dados = montar(s, p, tipo, VERIFICACAO, extras)
    assert len(dados.prazos) == 1
    return dados.prazos[0]


def test_notificacao_para_retirada_conta_15_dias_da_ciencia_e_nao_da_apreensao(
    banco: Banco, apreensao: dict[str, Any]
) -> None:
    prazo = _prazo(banco, apreensao["pid"], d.TipoDocumento.notificacao_retirada,
                   {"ciencia": CIENCIA})  # fmt: skip
    assert prazo.inicio == dt.date(2026, 10, 5)
    assert prazo.vencimento == dt.date(2026, 10, 20)  # e não 16/09/2026
    assert prazo.contagem is not None and prazo.contagem.startswith("15 dias corridos")
    assert prazo.fundamento.startswith("NORMAM-07/DPC item 0309")
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, apreensao["aut"], apreensao["pid"], "notificacao_retirada",
                                URL, {"ciencia": CIENCIA})  # fmt: skip
        pdf = texto(doc.conteudo)
    assert "20/10/2026" in pdf and "16/09/2026" not in pdf
    assert "contado do recebimento desta notificação" in pdf


def test_edital_conta_90_dias_da_publicacao_e_prorroga_o_domingo(
    banco: Banco, apreensao: dict[str, Any]
) -> None:
    prazo = _prazo(banco, apreensao["pid"], d.TipoDocumento.edital_convocacao,
                   {"ciencia": CIENCIA})  # fmt: skip
    assert prazo.vencimento == dt.date(2027, 1, 4)  # 03/01/2027 é domingo; e não 30/11/2026
    assert "Lei 9.784/1999 art. 66" in prazo.fundamento
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, apreensao["aut"], apreensao["pid"], "edital_convocacao",
                                URL, {"ciencia": CIENCIA})  # fmt: skip
        pdf = texto(doc.conteudo)
    assert "04/01/2027" in pdf and "30/11/2026" not in pdf
    assert "contado da publicação ou afixação deste Edital" in pdf


@pytest.mark.parametrize(
    ("tipo", "dias", "marco"),
    [
        (d.TipoDocumento.notificacao_retirada, 15, "recebimento desta notificação"),
        (d.TipoDocumento.edital_convocacao, 90, "da publicação ou afixação deste Edital"),
    ],
)
def test_sem_a_data_da_ciencia_o_documento_diz_de_quando_conta_e_nao_inventa_data(
    banco: Banco, apreensao: dict[str, Any], tipo: d.TipoDocumento, dias: int, marco: str
) -> None:
    prazo = _prazo(banco, apreensao["pid"], tipo, {})
    assert prazo.vencimento is None and prazo.inicio is None
    assert prazo.contagem == f"{dias} dias corridos, contados do dia seguinte ao {marco}" + (
        " (data do recibo na 2ª via)" if tipo == d.TipoDocumento.notificacao_retirada else ""
    )
    with banco.unit_of_work() as s:
        doc = documentos.emitir(s, apreensao["aut"], apreensao["pid"], tipo.value, URL)
        pdf = texto(doc.conteudo)
    assert "a contar da ciência" in pdf
    # nenhuma data contada da apreensão (01/09/2026): nem +15 nem +90 dias
    assert "16/09/2026" not in pdf and "30/11/2026" not in pdf


@pytest.mark.parametrize(
    ("ciencia", "trecho"),
    [
        ("2026-08-31", "anterior à apreensão (01/09/2026)"),
        ("2099-01-01", "não pode ser futura"),
        ("05/10/2026", "use AAAA-MM-DD"),
    ],
)
def test_ciencia_antes_da_apreensao_futura_ou_malformada_e_recusada(
    banco: Banco, apreensao: dict[str, Any], ciencia: str, trecho: str
) -> None:
    with banco.unit_of_work() as s, pytest.raises(EntradaInvalida) as erro:
        documentos.emitir(s, apreensao["aut"], apreensao["pid"], "notificacao_retirada", URL,
                          {"ciencia": ciencia})  # fmt: skip
    assert erro.value.campo == "dados.ciencia"
    assert trecho in erro.value.mensagem
