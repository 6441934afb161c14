"""Correção do cadastro de pessoas e embarcações pela API (issue 15, item 11).

O endereço do autuado (para onde vai o AR) e o comprimento da embarcação se corrigem com
PATCH /pessoas/{id} e /embarcacoes/{id}, com o motivo e a versão lida; o histórico diz o valor
anterior, o novo, o motivo e quem corrigiu. A Notificação emitida antes continua, byte a byte, a
que foi emitida (com o endereço antigo); a emitida depois traz o novo; os atos ficam intactos.
Entrada inválida é recusada (422, o campo e a regra em português) sem mudar nada; versão
desatualizada, 409; de outra OM, 404; papel sem `corrige_cadastro`, 403. O histórico só recebe
acréscimos: a sessão recusa alterá-lo ou apagá-lo (SQLite e PostgreSQL) e, no PostgreSQL, o
banco também (gatilhos da migração 0018).
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader
from sqlalchemy import select
from sqlalchemy.exc import DBAPIError

from farol.erros import Conflito
from farol.store.auditoria import verificar_cadeias
from farol.store.orm import AlteracaoCadastral, Ato

from .conftest import Api, cpf, inspecao

ENDERECO_ANTIGO = "Rua das Gaivotas, 12, Centro, Florianópolis/SC, 88010-000"
ENDERECO_NOVO = "Avenida Beira-Mar Norte, 3500, ap. 701, Agronômica, Florianópolis/SC, 88025-300"
MOTIVO = "O autuado informou mudança de endereço por petição juntada aos autos."


def _compacto(texto: str) -> str:
    return re.sub(r"\s+", "", texto)


def _texto(pdf: bytes) -> str:
    return _compacto(" ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages))


def _processo(api: Api, inscricao: str = "401M2026111") -> int:
    corpo = inspecao(condutor=None, inscricao=inscricao)
    corpo["proprietario"]["endereco"] = ENDERECO_ANTIGO
    corpo["embarcacao"]["comprimento"] = "6.50"
    return api.novo_processo(corpo)


def _emitir(api: Api, pid: int) -> str:
    """Emite a Notificação para Comparecimento e devolve o endereço do PDF."""
    r = api.post(
        f"/processos/{pid}/documentos", {"tipo": "notificacao_comparecimento"}, "inspetor.cpsc"
    )
    assert r.status_code == 201, r.text
    return str(r.json()["pdf"])


def _baixar(api: Api, endereco: str) -> bytes:
    r = api.cliente.get(endereco, headers=api.cabecalhos("ac.cpsc"))
    assert r.status_code == 200, r.text
    return r.content


def _patch(api: Api, caminho: str, corpo: dict[str, Any], como: str = "ac.cpsc") -> Any:
    return api.cliente.patch(f"/api/v1{caminho}", json=corpo, headers=api.cabecalhos(como))


def _ids(api: Api, pid: int) -> tuple[int, int]:
    p = api.processo(pid)
    return int(p["autuado"]["id"]), int(p["embarcacao"]["id"])


def _atos(api: Api) -> list[tuple[int, int, str, Any, str]]:
    with api.banco.unit_of_work(somente_leitura=True) as s:
        return [
            (a.processo_id, a.seq, a.tipo, a.payload, a.hash)
            for a in s.scalars(select(Ato).order_by(Ato.processo_id, Ato.seq))
        ]


def test_endereco_corrigido_fica_no_historico_e_so_os_documentos_novos_o_usam(api: Api) -> None:
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    pessoa = api.get(f"/pessoas/{pessoa_id}").json()
    assert (pessoa["endereco"], pessoa["versao"], pessoa["pode_corrigir"]) == (
        ENDERECO_ANTIGO,
        1,
        True,
    )
    assert [x["id"] for x in pessoa["processos"]] == [pid]
    assert api.get(f"/pessoas/{pessoa_id}/historico").json() == []

    antes = _emitir(api, pid)
    pdf_antes = _baixar(api, antes)
    assert _compacto(ENDERECO_ANTIGO) in _texto(pdf_antes)
    atos = _atos(api)

    r = _patch(
        api, f"/pessoas/{pessoa_id}", {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO}
    )
    assert r.status_code == 200, r.text
    corpo = r.json()
    assert corpo["pessoa"]["endereco"] == ENDERECO_NOVO
    assert corpo["pessoa"]["versao"] == 2
    (alteracao,) = corpo["alteracoes"]
    assert alteracao["campo"] == "endereco"
    assert alteracao["rotulo"] == "Endereço"
    assert (alteracao["valor_anterior"], alteracao["valor_novo"]) == (
        ENDERECO_ANTIGO,
        ENDERECO_NOVO,
    )
    assert alteracao["motivo"] == MOTIVO
    assert alteracao["por"] == {
        "login": "ac.cpsc",
        "nome": "Usuário ac.cpsc",
        "papel": "autoridade_competente",
        "om": "CPSC",
    }
    assert api.get(f"/pessoas/{pessoa_id}/historico").json() == [alteracao]
    assert api.get(f"/pessoas/{pessoa_id}").json()["endereco"] == ENDERECO_NOVO

    # o documento emitido antes é o mesmo, byte a byte, com o endereço antigo
    assert _baixar(api, antes) == pdf_antes
    assert _compacto(ENDERECO_NOVO) not in _texto(_baixar(api, antes))
    # os atos registrados antes ficam como estavam (payload e hash), e a cadeia confere
    assert _atos(api) == atos
    # o emitido depois traz o endereço novo
    texto_depois = _texto(_baixar(api, _emitir(api, pid)))
    assert _compacto(ENDERECO_NOVO) in texto_depois
    assert _compacto(ENDERECO_ANTIGO) not in texto_depois
    with api.banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s) == []


def test_comprimento_corrigido_vale_para_o_documento_novo_e_nao_para_o_antigo(api: Api) -> None:
    pid = _processo(api)
    _, embarcacao_id = _ids(api, pid)
    embarcacao = api.get(f"/embarcacoes/{embarcacao_id}").json()
    assert (embarcacao["comprimento"], embarcacao["versao"]) == ("6.50", 1)
    antes = _emitir(api, pid)
    pdf_antes = _baixar(api, antes)
    assert "6,50m" in _texto(pdf_antes)

    r = _patch(
        api,
        f"/embarcacoes/{embarcacao_id}",
        {"versao": 1, "comprimento": "7.2", "propulsao": "motor de popa", "motivo": MOTIVO},
        como="inspetor.cpsc",
    )
    assert r.status_code == 200, r.text
    assert r.json()["embarcacao"]["comprimento"] == "7.20"
    historico = api.get(f"/embarcacoes/{embarcacao_id}/historico").json()
    assert {(a["campo"], a["valor_anterior"], a["valor_novo"]) for a in historico} == {
        ("comprimento", "6.50", "7.20"),
        ("propulsao", None, "motor de popa"),
    }
    assert {a["versao"] for a in historico} == {2}
    assert {a["por"]["login"] for a in historico} == {"inspetor.cpsc"}

    assert _baixar(api, antes) == pdf_antes
    depois = _texto(_baixar(api, _emitir(api, pid)))
    assert "7,20m" in depois
    assert "6,50m" not in depois


def test_email_e_telefone_se_apagam_com_vazio_e_o_historico_guarda_o_que_havia(api: Api) -> None:
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    r = _patch(
        api,
        f"/pessoas/{pessoa_id}",
        {
            "versao": 1,
            "email": "joao@exemplo.com.br",
            "telefone": "(48) 3222-1234",
            "motivo": MOTIVO,
        },
    )
    assert r.status_code == 200, r.text
    r = _patch(api, f"/pessoas/{pessoa_id}", {"versao": 2, "email": "", "motivo": MOTIVO})
    assert r.status_code == 200, r.text
    assert r.json()["pessoa"]["email"] is None
    assert r.json()["pessoa"]["telefone"] == "(48) 3222-1234"
    historico = api.get(f"/pessoas/{pessoa_id}/historico").json()
    assert [(a["versao"], a["campo"], a["valor_anterior"], a["valor_novo"]) for a in historico] == [
        (3, "email", "joao@exemplo.com.br", None),
        (2, "email", None, "joao@exemplo.com.br"),
        (2, "telefone", None, "(48) 3222-1234"),
    ]


INVALIDOS_PESSOA = [
    ({"nome": ""}, "nome", "o nome não pode ficar em branco"),
    ({"nome": None}, "nome", "o nome não pode ficar em branco"),
    ({"endereco": "Rua A"}, "endereco", "endereço incompleto"),
    ({"endereco": ""}, "endereco", "o endereço não pode ficar em branco"),
    ({"email": "joao@"}, "email", "e-mail inválido"),
    ({"telefone": "1234"}, "telefone", "telefone inválido"),
    ({"documento": cpf(123456789)}, "documento", "o CPF/CNPJ não se corrige"),
    ({"nome": "João Dono", "motivo": "erro"}, "motivo", "diga o motivo da correção"),
    ({"nome": "João Dono"}, None, "nada a corrigir"),
    ({"endereco": ENDERECO_NOVO, "versao": 0}, "versao", "valor abaixo do mínimo"),
    ({"endereco": ENDERECO_NOVO, "tipo": "juridica"}, "tipo", "campo não previsto"),
]


@pytest.mark.parametrize(("corpo", "campo", "mensagem"), INVALIDOS_PESSOA)
def test_correcao_invalida_da_pessoa_e_recusada_e_o_cadastro_fica_como_estava(
    api: Api, corpo: dict[str, Any], campo: str | None, mensagem: str
) -> None:
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    antes = api.get(f"/pessoas/{pessoa_id}").json()
    r = _patch(api, f"/pessoas/{pessoa_id}", {"versao": 1, "motivo": MOTIVO, **corpo})
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == campo
    assert mensagem in r.json()["mensagem"]
    assert api.get(f"/pessoas/{pessoa_id}").json() == antes
    assert api.get(f"/pessoas/{pessoa_id}/historico").json() == []
    assert api.contar(AlteracaoCadastral) == 0


INVALIDOS_EMBARCACAO = [
    ({"comprimento": "0"}, "comprimento", "maior que zero"),
    ({"comprimento": "-3"}, "comprimento", "maior que zero"),
    ({"comprimento": "500.01"}, "comprimento", "comprimento acima de 500,00 m"),
    ({"comprimento": "7.255"}, "comprimento", "no máximo duas casas decimais"),
    ({"comprimento": "sete"}, "comprimento", "esperado um valor decimal"),
    ({"nome": "   "}, "nome", "o nome da embarcação não pode ficar em branco"),
    ({"estrangeira": None}, "estrangeira", "informe se a embarcação é de bandeira estrangeira"),
    ({"inscricao": "SC-OUTRA"}, "inscricao", "a inscrição não se corrige"),
    ({"tipo": "x" * 61}, "tipo", "texto longo demais"),
]


@pytest.mark.parametrize(("corpo", "campo", "mensagem"), INVALIDOS_EMBARCACAO)
def test_correcao_invalida_da_embarcacao_e_recusada_e_o_cadastro_fica_como_estava(
    api: Api, corpo: dict[str, Any], campo: str, mensagem: str
) -> None:
    pid = _processo(api)
    _, embarcacao_id = _ids(api, pid)
    antes = api.get(f"/embarcacoes/{embarcacao_id}").json()
    r = _patch(api, f"/embarcacoes/{embarcacao_id}", {"versao": 1, "motivo": MOTIVO, **corpo})
    assert r.status_code == 422, r.text
    assert r.json()["campo"] == campo
    assert mensagem in r.json()["mensagem"], r.json()
    assert api.get(f"/embarcacoes/{embarcacao_id}").json() == antes
    assert api.contar(AlteracaoCadastral) == 0


def test_correcao_sobre_versao_desatualizada_da_409_e_nao_grava(api: Api) -> None:
    pid = _processo(api)
    pessoa_id, embarcacao_id = _ids(api, pid)
    primeira = {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO}
    assert _patch(api, f"/pessoas/{pessoa_id}", primeira).status_code == 200
    r = _patch(api, f"/pessoas/{pessoa_id}", {"versao": 1, "nome": "João Outro", "motivo": MOTIVO})
    assert r.status_code == 409, r.text
    assert r.json()["campo"] == "versao"
    assert "versão 1, atual 2" in r.json()["mensagem"]
    assert api.get(f"/pessoas/{pessoa_id}").json()["nome"] == "João Dono"
    assert len(api.get(f"/pessoas/{pessoa_id}/historico").json()) == 1

    assert (
        _patch(
            api,
            f"/embarcacoes/{embarcacao_id}",
            {"versao": 1, "nome": "Maré Baixa", "motivo": MOTIVO},
        ).status_code
        == 200
    )
    r = _patch(
        api, f"/embarcacoes/{embarcacao_id}", {"versao": 1, "nome": "Outra", "motivo": MOTIVO}
    )
    assert r.status_code == 409, r.text
    assert api.get(f"/embarcacoes/{embarcacao_id}").json()["nome"] == "Maré Baixa"


@pytest.mark.parametrize("como", ["ac.cpsp", "ac.delitajai"])
def test_usuario_de_outra_om_recebe_404_e_nao_corrige(api: Api, como: str) -> None:
    pid = _processo(api)
    pessoa_id, embarcacao_id = _ids(api, pid)
    for caminho in (f"/pessoas/{pessoa_id}", f"/embarcacoes/{embarcacao_id}"):
        assert api.get(caminho, como=como).status_code == 404
        assert api.get(f"{caminho}/historico", como=como).status_code == 404
        r = _patch(api, caminho, {"versao": 1, "nome": "Intrusa", "motivo": MOTIVO}, como=como)
        assert r.status_code == 404, r.text
        assert r.json()["mensagem"] in ("pessoa não encontrada", "embarcação não encontrada")
    # como um id que não existe
    assert api.get("/pessoas/999999", como=como).status_code == 404
    assert api.get(f"/pessoas/{pessoa_id}").json()["nome"] == "João Dono"
    assert api.contar(AlteracaoCadastral) == 0


def test_quem_le_sem_a_permissao_nao_corrige_e_o_dpc_alcanca_todas_as_oms(api: Api) -> None:
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    lida = api.get(f"/pessoas/{pessoa_id}", como="consulta.cpsc").json()
    assert lida["pode_corrigir"] is False
    r = _patch(
        api,
        f"/pessoas/{pessoa_id}",
        {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO},
        como="consulta.cpsc",
    )
    assert r.status_code == 403, r.text
    assert r.json()["mensagem"].startswith("o papel Consulta não corrige o cadastro")
    assert "corrige_cadastro" not in r.json()["mensagem"]
    r = _patch(
        api,
        f"/pessoas/{pessoa_id}",
        {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO},
        como="dpc",
    )
    assert r.status_code == 200, r.text
    assert r.json()["alteracoes"][0]["por"]["om"] == "DPC"


def test_o_historico_so_recebe_acrescimos_na_sessao(api: Api) -> None:
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    assert (
        _patch(
            api, f"/pessoas/{pessoa_id}", {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO}
        ).status_code
        == 200
    )
    with pytest.raises(Conflito, match="só recebe acréscimos"), api.banco.unit_of_work() as s:
        linha = s.scalars(select(AlteracaoCadastral)).one()
        linha.valor_anterior = "Rua Inventada, 1"
    with pytest.raises(Conflito, match="só recebe acréscimos"), api.banco.unit_of_work() as s:
        s.delete(s.scalars(select(AlteracaoCadastral)).one())
    (a,) = api.get(f"/pessoas/{pessoa_id}/historico").json()
    assert a["valor_anterior"] == ENDERECO_ANTIGO


@pytest.mark.parametrize(
    "comando",
    [
        "UPDATE alteracao_cadastral SET valor_anterior = 'Rua Inventada, 1'",
        "DELETE FROM alteracao_cadastral",
        "TRUNCATE alteracao_cadastral",
    ],
)
def test_no_postgresql_o_banco_recusa_alterar_ou_apagar_o_historico(
    api: Api, motor: str, comando: str
) -> None:
    if motor != "postgresql":
        pytest.skip("gatilho do PostgreSQL (no SQLite, a regra vale pela sessão)")
    pid = _processo(api)
    pessoa_id, _ = _ids(api, pid)
    corpo = {"versao": 1, "endereco": ENDERECO_NOVO, "motivo": MOTIVO}
    assert _patch(api, f"/pessoas/{pessoa_id}", corpo).status_code == 200
    with pytest.raises(DBAPIError, match="só recebe acréscimos"), api.banco.engine.begin() as c:
        c.exec_driver_sql(comando)
    (a,) = api.get(f"/pessoas/{pessoa_id}/historico").json()
    assert a["valor_anterior"] == ENDERECO_ANTIGO
