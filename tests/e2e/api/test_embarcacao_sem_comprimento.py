"""Os documentos dizem só o que foi registrado (issue 15, itens 1 a 3), pela API.

- Embarcação salva sem comprimento, tipo e propulsão: o processo a devolve com esses campos
  nulos, e a Notificação e o Auto trazem a linha em branco "________" para preencher à mão, nunca
  os antigos "6,00 m, propulsão a motor".
- O Auto de Infração imprime a "Descrição dos fatos" que a autoridade escreveu na lavratura.
- O endereço da OM: a linha em branco enquanto a OM não o tem; registrado, a rua e o CEP no
  cabeçalho e onde entregar a defesa. Medidas, datas e valores no formato brasileiro.

Inspeção em 02/03/2026 na CPSC (Florianópolis/SC); os prazos contados à mão nos comentários.
"""

from __future__ import annotations

import io
import re
from typing import Any

from pypdf import PdfReader
from texto_humano import formatos_de_maquina

from farol.services.endereco_om import EnderecoDaOM, definir_endereco
from farol.services.unit_of_work import BancoUnitOfWork

from .conftest import Api, inspecao, lavratura, penalidade

LINHA = "________"
DESCRICAO = (
    "Abordada a embarcação no través da Ponta do Coral com sete pessoas a bordo e apenas "
    "quatro coletes salva-vidas; o condutor declarou que os demais estavam em terra."
)
SEIS_METROS = re.compile(r"(?<![\d.])6[.,]00(?!\d)")


def _pdf(api: Api, pid: int, tipo: str, como: str = "ac.cpsc") -> str:
    """Emite pela API (201), baixa o PDF e devolve o texto extraído."""
    r = api.post(f"/processos/{pid}/documentos", {"tipo": tipo}, como=como)
    assert r.status_code == 201, r.text
    pdf = api.cliente.get(r.json()["pdf"], headers=api.cabecalhos(como)).content
    assert pdf.startswith(b"%PDF")
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def _compacto(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


def _contem(texto: str, *trechos: str) -> None:
    for trecho in trechos:
        assert _compacto(trecho) in _compacto(texto), f"faltou no PDF: {trecho!r}"


def _processo(api: Api, embarcacao: dict[str, Any]) -> int:
    corpo = inspecao(condutor=None)
    corpo["embarcacao"] = embarcacao
    return api.novo_processo(corpo)


def test_embarcacao_sem_comprimento_fica_nula_e_os_documentos_trazem_a_linha_em_branco(
    api: Api,
) -> None:
    pid = _processo(api, {"inscricao": "401M2026777", "nome": "Sem Medida", "tipo": ""})

    embarcacao = api.processo(pid)["embarcacao"]
    assert embarcacao == {
        "id": embarcacao["id"],  # o id no cadastro (GET/PATCH /embarcacoes/{id})
        "nome": "Sem Medida",
        "inscricao": "401M2026777",
        "tipo": None,
        "propulsao": None,
        "comprimento": None,
    }

    notificacao = _pdf(api, pid, "notificacao_comparecimento", como="inspetor.cpsc")
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", {**lavratura(), "descricao": DESCRICAO})
    auto = _pdf(api, pid, "auto_de_infracao")
    for texto in (notificacao, auto):
        assert SEIS_METROS.search(texto) is None, texto
        assert "propulsão a" not in texto
        assert "lancha" not in texto  # o tipo também não é inventado
        _contem(texto, "Sem Medida", "401M2026777", f"Comprimento {LINHA} m",
                f"Propulsão {LINHA}", f"Tipo {LINHA}")  # fmt: skip
        assert formatos_de_maquina(texto) == []


def test_o_auto_imprime_a_descricao_dos_fatos_digitada_na_lavratura(api: Api) -> None:
    pid = _processo(api, {"inscricao": "401M2026778", "nome": "Maré Alta"})
    antes = _pdf(api, pid, "notificacao_comparecimento", como="inspetor.cpsc")
    assert _compacto(DESCRICAO) not in _compacto(antes)

    api.ato_ok(pid, "lavratura_auto", "2026-03-13", {**lavratura(), "descricao": DESCRICAO})
    auto = _pdf(api, pid, "auto_de_infracao")
    _contem(auto, "Descrição dos fatos", DESCRICAO, "02/03/2026, às 10h00",
            "Baía Norte, Florianópolis")  # fmt: skip
    # o texto genérico montado das constatações não substitui o que a autoridade escreveu
    assert "Em inspeção naval" not in auto


def test_sem_descricao_na_lavratura_o_auto_traz_as_constatacoes_registradas(api: Api) -> None:
    pid = _processo(api, {"inscricao": "401M2026779", "nome": "Maré Alta"})
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", lavratura())
    _contem(_pdf(api, pid, "auto_de_infracao"), "Em inspeção naval, embarcação navegando")


def test_endereco_da_om_medida_datas_e_valores_no_formato_brasileiro(api: Api) -> None:
    pid = _processo(
        api,
        {"inscricao": "401M2026780", "nome": "Sete e Vinte", "tipo": "lancha",
         "propulsao": "motor", "comprimento": "7.2"},
    )  # fmt: skip
    assert api.processo(pid)["embarcacao"]["comprimento"] == "7.20"
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", {**lavratura(), "descricao": DESCRICAO})

    # a OM ainda sem endereço: a linha em branco, não o município no lugar da rua
    sem_endereco = _pdf(api, pid, "auto_de_infracao")
    _contem(sem_endereco, f"{LINHA} — Florianópolis/SC", f"(CPSC), em {LINHA}, Florianópolis/SC")
    assert "Florianópolis/SC — Florianópolis/SC" not in sem_endereco

    endereco = EnderecoDaOM.model_validate(
        {"endereco": "Rua Almirante Lamego, nº 910", "bairro": "Centro", "cep": "88015600",
         "telefone": "(48) 3281-4800"}
    )  # fmt: skip
    definir_endereco(BancoUnitOfWork(api.banco), "CPSC", endereco)
    rua = "Rua Almirante Lamego, nº 910, Centro, CEP 88015-600"
    auto = _pdf(api, pid, "auto_de_infracao")
    _contem(
        auto,
        f"{rua} — Florianópolis/SC — Tel.: (48) 3281-4800",  # cabeçalho
        f"(CPSC), em {rua}, Florianópolis/SC",  # onde entregar a defesa
        "Comprimento 7,20 m",
        "Propulsão motor",
        "Tipo lancha",
        "13/03/2026",  # lavratura: a defesa prevista conta dela
    )
    assert "7.20" not in auto and "7,2 m" not in auto

    # ciência do auto 16/03, defesa, julgamento com multa de R$ 1.234,56, ciência 14/04
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "defesa", "2026-03-20", {"texto": "Alega que os coletes estavam em terra."})
    api.ato_ok(pid, "julgamento_procedente", "2026-04-10", penalidade("1234.56"))
    api.ato_ok(pid, "ciencia_decisao", "2026-04-14", {"meio": "AR"})
    decisao = _pdf(api, pid, "decisao_julgamento")
    pagamento = _pdf(api, pid, "notificacao_pagamento")
    for texto in (auto, decisao, pagamento):
        assert formatos_de_maquina(texto) == []
        assert SEIS_METROS.search(texto) is None
        _contem(texto, rua)
    _contem(
        decisao, "R$ 1.234,56", "mil duzentos e trinta e quatro reais e cinquenta e seis centavos"
    )
    # pagamento: 15 dias corridos do dia seguinte à ciência (15/04) → 29/04/2026 (quarta-feira)
    _contem(pagamento, "R$ 1.234,56", "29/04/2026")
