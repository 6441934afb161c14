"""Entradas recusadas: o código HTTP, a mensagem em português com o campo, e nada gravado."""

from __future__ import annotations

from typing import Any

import pytest

from farol.domain.papeis import nome_do_papel
from farol.store.orm import (
    Ato,
    Constatacao,
    Embarcacao,
    Inspecao,
    Notificacao,
    Pessoa,
    Processo,
)

from .conftest import API, CNPJ_EMPRESA, FUNDAMENTACAO, Api, inspecao, lavratura, penalidade

TABELAS = (Inspecao, Constatacao, Pessoa, Embarcacao, Processo, Notificacao, Ato)


def _contagens(api: Api) -> dict[str, int]:
    return {t.__tablename__: api.contar(t) for t in TABELAS}


def _foto(api: Api, pid: int) -> dict[str, Any]:
    """O que o usuário vê do processo e que um ato recusado não pode mudar."""
    p = api.processo(pid)
    return {
        k: p[k]
        for k in (
            "estado",
            "versao",
            "sobrestado",
            "atos",
            "prazos",
            "penalidades",
            "auto",
            "pagamentos",
        )
    }


@pytest.fixture
def em_julgamento(api: Api) -> int:
    pid = api.novo_processo()
    api.levar_ate(pid, "aguardando_julgamento")
    return pid


# --- inspeção ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("corpo", "campo"),
    [
        (inspecao(proprietario="529.982.247-26"), "proprietario.documento"),
        (inspecao(condutor="111.444.777-36"), "condutor.documento"),
        (inspecao(proprietario="11.222.333/0001-82"), "proprietario.documento"),
        (inspecao(proprietario="1234567890123"), "proprietario.documento"),
    ],
    ids=["cpf_do_proprietario", "cpf_do_condutor", "cnpj", "nem_cpf_nem_cnpj"],
)
def test_documento_invalido_na_inspecao_e_recusado_nomeando_o_campo_e_nada_e_gravado(
    api: Api, corpo: dict[str, Any], campo: str
) -> None:
    r = api.post("/inspecoes", corpo, como="inspetor.cpsc")
    assert r.status_code == 422
    assert r.json()["campo"] == campo
    assert r.json()["detail"].startswith(f"{campo}: ")
    assert set(_contagens(api).values()) == {0}


def test_cnpj_valido_abre_processo_para_pessoa_juridica(api: Api) -> None:
    pid = api.novo_processo(inspecao(proprietario=CNPJ_EMPRESA))
    autuado = api.processo(pid)["autuado"]
    assert autuado == {
        "id": autuado["id"],  # o id no cadastro (GET/PATCH /pessoas/{id})
        "nome": "João Dono",
        "documento": CNPJ_EMPRESA,
        "tipo": "juridica",
    }


def test_inspecao_com_data_futura_e_recusada(api: Api) -> None:
    r = api.post(
        "/inspecoes", inspecao(data_hora="2027-01-10T10:00:00-03:00"), como="inspetor.cpsc"
    )
    assert r.status_code == 422
    assert (r.json()["campo"], r.json()["mensagem"]) == (
        "data_hora",
        "a inspeção não pode ter data e hora futuras",
    )
    assert set(_contagens(api).values()) == {0}


def test_inspecao_sem_fuso_horario_e_recusada(api: Api) -> None:
    r = api.post("/inspecoes", inspecao(data_hora="2026-03-02T10:00:00"), como="inspetor.cpsc")
    assert r.status_code == 422
    assert r.json()["campo"] == "data_hora"
    assert "fuso horário" in r.json()["mensagem"]


def test_infracao_desconhecida_na_inspecao_e_recusada(api: Api) -> None:
    corpo = inspecao(constatacoes=[{"infracao": "RLESTA.99.IX"}])
    r = api.post("/inspecoes", corpo, como="inspetor.cpsc")
    assert r.status_code == 422
    assert r.json()["campo"] == "constatacoes.0.infracao"
    assert r.json()["mensagem"] == (
        "infração desconhecida: “RLESTA.99.IX”, fora do catálogo de infrações; os códigos estão "
        "em GET /api/v1/infracoes"
    )
    assert set(_contagens(api).values()) == {0}


def test_infracao_desconhecida_na_lavratura_do_auto_e_entrada_invalida(api: Api) -> None:
    pid = api.novo_processo()
    antes = _foto(api, pid)
    r = api.ato(pid, "lavratura_auto", "2026-03-13", lavratura(infracao="RLESTA.99"))
    assert _foto(api, pid) == antes
    assert r.status_code == 422, r.json()
    assert r.json()["campo"].startswith("dados.infracoes")
    assert r.json()["mensagem"].endswith("; os códigos estão em GET /api/v1/infracoes")
    assert "página Legislação" not in r.json()["mensagem"]
    assert "farol infracoes" not in r.json()["mensagem"]


# --- atos -------------------------------------------------------------------------------


def test_ato_com_data_futura_e_recusado_e_o_processo_fica_como_estava(
    api: Api, em_julgamento: int
) -> None:
    antes = _foto(api, em_julgamento)
    r = api.ato(
        em_julgamento, "julgamento_improcedente", "2027-01-10", {"fundamentacao": FUNDAMENTACAO}
    )
    assert r.status_code == 422
    assert r.json()["detail"] == "data_ato: a data do ato (10/01/2027) não pode ser futura"
    assert _foto(api, em_julgamento) == antes


def test_ato_anterior_ao_ato_que_ele_sucede_e_recusado(api: Api, em_julgamento: int) -> None:
    antes = _foto(api, em_julgamento)  # a defesa foi em 20/03/2026
    r = api.ato(
        em_julgamento, "julgamento_improcedente", "2026-03-19", {"fundamentacao": FUNDAMENTACAO}
    )
    assert r.status_code == 422
    assert r.json()["campo"] == "data_ato"
    # o ato anterior pelo nome, não pelo código interno (`defesa`; revisão de UX de 2026-12-05)
    assert (
        "anterior à do ato que ele sucede (Defesa apresentada pelo infrator, 20/03/2026)"
        in r.json()["mensagem"]
    )
    assert _foto(api, em_julgamento) == antes


def test_multa_fora_da_faixa_legal_e_recusada_com_a_faixa_e_o_fundamento(
    api: Api, em_julgamento: int
) -> None:
    antes = _foto(api, em_julgamento)
    for valor in ("39.99", "1600.01"):
        r = api.ato(em_julgamento, "julgamento_procedente", "2026-04-10", penalidade(valor))
        assert r.status_code == 422
        corpo = r.json()
        assert corpo["campo"] == "dados.penalidades.0.multa"
        assert "fora da faixa legal de R$ 40,00 a R$ 1.600,00" in corpo["mensagem"]
        assert "RLESTA art. 15, I" in corpo["regra"]
    assert _foto(api, em_julgamento) == antes
    r = api.ato_ok(em_julgamento, "julgamento_procedente", "2026-04-10", penalidade("1600.00"))
    assert r["penalidades"][0]["multa"] == "1600.00"  # o teto da faixa é válido


def test_suspensao_para_o_proprietario_e_recusada_pelo_art_8(api: Api, em_julgamento: int) -> None:
    antes = _foto(api, em_julgamento)  # o auto aponta o proprietário como autor de RLESTA.15.I
    r = api.ato(
        em_julgamento, "julgamento_procedente", "2026-04-10", penalidade(None, suspensao_dias=30)
    )
    assert r.status_code == 422
    corpo = r.json()
    assert corpo["campo"] == "dados.penalidades.0.suspensao_dias"
    dono = "proprietário da embarcação (proprietario)"  # o nome de autores.yaml e o id
    assert f"não admite suspensão para {dono}" in corpo["mensagem"]
    assert "RLESTA art. 8º" in corpo["regra"]
    assert _foto(api, em_julgamento) == antes


def test_multa_e_suspensao_juntas_sao_recusadas_quando_alternativas(api: Api) -> None:
    pid = api.novo_processo()
    # o Comandante: a suspensão o alcança (RLESTA art. 8º), e a escolha é multa OU suspensão
    api.ato_ok(pid, "lavratura_auto", "2026-03-13", lavratura(autor_tipo="comandante"))
    api.ato_ok(pid, "ciencia_auto", "2026-03-16", {"meio": "pessoal"})
    api.ato_ok(pid, "renuncia_defesa", "2026-03-16")
    r = api.ato(pid, "julgamento_procedente", "2026-04-10", penalidade("500.00", suspensao_dias=10))
    assert r.status_code == 422
    assert "multa OU suspensão" in r.json()["mensagem"]


def test_dados_do_ato_invalidos_sao_recusados_nomeando_o_campo(
    api: Api, em_julgamento: int
) -> None:
    antes = _foto(api, em_julgamento)
    casos = [
        ({"fundamentacao": "curta"}, "dados.fundamentacao", "texto curto demais"),
        ({"fundamentacao": FUNDAMENTACAO, "extra": 1}, "dados.extra", "campo não previsto"),
        ({}, "dados.fundamentacao", "campo obrigatório ausente"),
    ]
    for dados, campo, mensagem in casos:
        r = api.ato(em_julgamento, "julgamento_improcedente", "2026-04-10", dados)
        assert r.status_code == 422, dados
        assert r.json()["campo"] == campo
        assert r.json()["mensagem"].startswith(mensagem)
    r = api.ato(em_julgamento, "julgamento_xyz", "2026-04-10")
    assert (r.status_code, r.json()["campo"]) == (422, "tipo_ato")
    assert _foto(api, em_julgamento) == antes


@pytest.mark.parametrize("rota", ["/inspecoes", "/processos/1/atos"])
def test_json_malformado_e_recusado_em_portugues(api: Api, rota: str) -> None:
    r = api.cliente.post(
        f"{API}{rota}",
        content=b"{bad",
        headers={**api.cabecalhos("ac.cpsc"), "Content-Type": "application/json"},
    )
    assert r.status_code == 422
    assert (r.json()["campo"], r.json()["mensagem"]) == ("corpo", "JSON malformado")
    assert set(_contagens(api).values()) == {0}


def test_corpo_com_campo_faltando_nomeia_o_campo(api: Api, em_julgamento: int) -> None:
    r = api.post(f"/processos/{em_julgamento}/atos", {"tipo": "revelia"})
    assert r.status_code == 422
    assert (r.json()["campo"], r.json()["mensagem"]) == ("data_ato", "campo obrigatório ausente")


def test_cada_erro_de_validacao_tem_o_caminho_do_corpo_e_a_sua_mensagem(
    api: Api, em_julgamento: int
) -> None:
    """A lista `erros` dizia `body.data_ato` onde o campo de cima dizia `data_ato`, e sem a
    mensagem de cada um."""
    r = api.post(f"/processos/{em_julgamento}/atos", {"tipo": "revelia", "versao": -1})
    assert r.status_code == 422
    assert r.json()["erros"] == [
        {"campo": "data_ato", "tipo": "missing", "mensagem": "campo obrigatório ausente"},
        {
            "campo": "versao",
            "tipo": "greater_than_equal",
            "mensagem": "valor abaixo do mínimo (mínimo: 0)",
        },
    ]


def test_ato_fora_de_ordem_e_conflito(api: Api, em_julgamento: int) -> None:
    antes = _foto(api, em_julgamento)
    r = api.ato(em_julgamento, "ciencia_decisao", "2026-04-10")
    assert r.status_code == 409
    corpo = r.json()
    assert corpo["campo"] == "tipo_ato"
    # o ato e os estados pelos nomes do quadro (procedimento_lesta.yaml), sem os ids internos
    assert corpo["mensagem"] == (
        'o ato "Ciência da decisão do julgamento pelo infrator" não cabe no '
        'estado "Aguardando julgamento do Auto de Infração"; só cabe em '
        '"Auto julgado procedente, penalidade imposta, aguardando ciência da decisão"'
    )
    assert _foto(api, em_julgamento) == antes


def test_ato_em_processo_encerrado_e_conflito(api: Api, em_julgamento: int) -> None:
    api.ato_ok(
        em_julgamento, "julgamento_improcedente", "2026-04-10", {"fundamentacao": FUNDAMENTACAO}
    )
    antes = _foto(api, em_julgamento)
    r = api.ato(em_julgamento, "julgamento_procedente", "2026-04-11", penalidade())
    assert r.status_code == 409
    assert 'no estado "Arquivado"; o processo está encerrado' in r.json()["mensagem"]
    r = api.ato(
        em_julgamento,
        "correcao",
        "2026-04-11",
        {"motivo": "corrigir a decisão final"},
        corrige_ato_id=antes["atos"][-1]["id"],
    )
    assert r.status_code == 409
    assert _foto(api, em_julgamento) == antes


@pytest.mark.parametrize(
    ("tipo", "como", "cabe_a"),
    [
        ("julgamento_improcedente", "inspetor.cpsc", "autoridade_competente"),
        ("julgamento_improcedente", "cp.cpsc", "autoridade_competente"),
        ("julgamento_improcedente", "dpc", "autoridade_competente"),
    ],
)
def test_ato_registrado_por_papel_errado_e_conflito(
    api: Api, em_julgamento: int, tipo: str, como: str, cabe_a: str
) -> None:
    antes = _foto(api, em_julgamento)
    r = api.ato(em_julgamento, tipo, "2026-04-10", {"fundamentacao": FUNDAMENTACAO}, como=como)
    assert r.status_code == 409
    assert r.json()["campo"] == "papel"
    # o papel pelo nome (papeis.yaml), sem o id interno
    assert r.json()["mensagem"].endswith(f"cabe a: {nome_do_papel(cabe_a)}")
    assert _foto(api, em_julgamento) == antes


def test_decisao_do_recurso_final_cabe_so_ao_dpc(api: Api) -> None:
    pid = api.novo_processo()
    api.levar_ate(pid, "em_recurso_final")
    for como in ("ac.cpsc", "cp.cpsc"):
        r = api.ato(
            pid,
            "decisao_recurso_final_provido",
            "2026-06-01",
            {"fundamentacao": FUNDAMENTACAO},
            como=como,
        )
        assert (r.status_code, r.json()["campo"]) == (409, "papel")
    assert api.processo(pid)["estado"] == "em_recurso_final"


def test_processo_de_outra_om_responde_404_como_se_nao_existisse(
    api: Api, em_julgamento: int
) -> None:
    antes = _foto(api, em_julgamento)
    inexistente = api.get("/processos/999999", como="ac.cpsp")
    alheio = api.get(f"/processos/{em_julgamento}", como="ac.cpsp")
    assert (inexistente.status_code, alheio.status_code) == (404, 404)
    assert alheio.json() == inexistente.json()

    dados = {"fundamentacao": FUNDAMENTACAO}
    alheio = api.ato(em_julgamento, "julgamento_improcedente", "2026-04-10", dados, como="ac.cpsp")
    inexistente = api.ato(999999, "julgamento_improcedente", "2026-04-10", dados, como="ac.cpsp")
    assert (inexistente.status_code, alheio.status_code) == (404, 404)
    assert alheio.json() == inexistente.json()
    assert _foto(api, em_julgamento) == antes


def test_versao_desatualizada_e_conflito_e_a_atual_e_aceita(api: Api, em_julgamento: int) -> None:
    antes = _foto(api, em_julgamento)
    dados = {"fundamentacao": FUNDAMENTACAO}
    r = api.ato(
        em_julgamento, "julgamento_improcedente", "2026-04-10", dados, versao=antes["versao"] - 1
    )
    assert r.status_code == 409
    assert r.json()["campo"] == "versao"
    assert f"atual {antes['versao']}" in r.json()["mensagem"]
    assert _foto(api, em_julgamento) == antes

    r = api.ato(
        em_julgamento, "julgamento_improcedente", "2026-04-10", dados, versao=antes["versao"]
    )
    assert r.status_code == 201
    assert r.json()["processo"]["versao"] > antes["versao"]


def test_ato_que_nao_muda_o_estado_tambem_avanca_a_versao(api: Api) -> None:
    pid = api.novo_processo()
    lida = api.processo(pid)["versao"]
    api.ato_ok(pid, "esclarecimentos_prestados", "2026-03-05", {"texto": "Coletes em terra."})
    # quem leu antes dos esclarecimentos não viu o processo atual: a trava deve recusar
    r = api.ato(pid, "lavratura_auto", "2026-03-13", lavratura(), versao=lida)
    assert r.status_code == 409, "lavratura aceita com a versão lida antes dos esclarecimentos"


def test_parametro_de_consulta_desconhecido_e_recusado_com_os_aceitos(api: Api) -> None:
    """Um filtro com o nome errado (`?estdo=arquivado`) devolvia a lista inteira, sem filtro,
    com 200: quem exportava os arquivados recebia todos os processos. Agora 422, com o nome
    do parâmetro e os que a rota aceita; o nome certo segue filtrando."""
    pid = api.novo_processo()
    r = api.get("/processos", estdo="arquivado")
    assert r.status_code == 422, r.text
    corpo = r.json()
    assert corpo["campo"] == "estdo"
    assert "parâmetro de consulta desconhecido" in corpo["mensagem"]
    assert "estado" in corpo["mensagem"].split("aceitos:")[1]

    r = api.get("/processos", estdo="arquivado", q="x")
    assert r.status_code == 422
    assert [e["campo"] for e in r.json()["erros"]] == ["estdo", "q"]

    r = api.get(f"/processos/{pid}", incluir="atos")
    assert r.status_code == 422
    assert "não aceita parâmetros de consulta" in r.json()["mensagem"]

    assert api.get("/processos", estado="arquivado").status_code == 200
    assert api.get(f"/processos/{pid}").status_code == 200
    # sem credencial, o 401 vem antes da recusa do parâmetro
    r = api.cliente.get(f"{API}/processos", params={"estdo": "x"})
    assert r.status_code == 401
