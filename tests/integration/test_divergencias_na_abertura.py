"""Nada se perde na abertura sem inspeção: o procedimento (apuração, inquérito, Auto de Infração
por poluição; RLESTA art. 9º, II e III; Lei 9.966/2000) e a custódia do bem achado (NORMAM-07
item 0205) aberto para a pessoa do CPF/CNPJ ou a embarcação da inscrição já cadastradas usa o
cadastro, que não muda; o nome, o endereço e o mais que se digitou diferente dele ficam no
processo (`processo.divergencias`, migração 0044), voltam na resposta da abertura e na leitura
do processo (a API e a página), como os da inspeção (`inspecao.divergencias`)."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

import pytest
from semente import atores
from sqlalchemy import select

from farol.relogio import hoje
from farol.services import custodias, inspecoes, leitura, procedimentos
from farol.services.custodias import NovaCustodia
from farol.services.procedimentos import NovoProcedimento
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Ato, Embarcacao, Inspecao, Pessoa, Processo

_sequencia = itertools.count(321_654_0)


def _cpf() -> str:
    """Um CPF válido novo a cada chamada (os testes partilham o banco do módulo)."""
    base = f"{next(_sequencia):09d}"

    def digito(numeros: str) -> str:
        pesos = range(len(numeros) + 1, 1, -1)
        resto = sum(int(n) * p for n, p in zip(numeros, pesos, strict=True)) % 11
        return "0" if resto < 2 else str(11 - resto)

    d1 = digito(base)
    return base + d1 + digito(base + d1)


def _inscricao() -> str:
    return f"44{next(_sequencia):08d}"


def _pedido(regime: str, investigado: dict[str, Any], **extra: Any) -> NovoProcedimento:
    dados: dict[str, Any] = (
        {
            "descricao": "Mancha de óleo de cerca de 300 m a partir do costado.",
            "local": "Baía da Babitonga, fundeadouro 3",
            "substancia": "óleo combustível marítimo (MF-380)",
            "volume_estimado_litros": "1200",
        }
        if regime == "poluicao"
        else {"texto": "Notícia do fato: denúncia de navegação irregular."}
    )
    return NovoProcedimento.model_validate(
        {
            "regime": regime,
            "investigado": investigado,
            "data_fato": (hoje() - dt.timedelta(days=20)).isoformat(),
            "data_ato": (hoje() - dt.timedelta(days=2)).isoformat(),
            "dados": dados,
            **extra,
        }
    )


def _abrir(
    banco: Banco, cmd: NovoProcedimento, login: str = "inspetor.cpsc", chave: str | None = None
) -> dict[str, Any]:
    ator = atores(banco)[login]
    status, aberto = procedimentos.abrir(BancoUnitOfWork(banco), ator, cmd, chave=chave)
    assert status == 201
    return aberto.model_dump(mode="json")


def _pessoa(banco: Banco, cpf: str) -> Pessoa:
    with banco.unit_of_work(somente_leitura=True) as s:
        p = s.execute(select(Pessoa).where(Pessoa.documento == cpf)).scalar_one()
        s.expunge(p)
        return p


def _detalhe(banco: Banco, pid: int, login: str = "autoridade.cpsc") -> dict[str, Any]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return leitura.detalhar.na_sessao(s, atores(banco)[login], pid).model_dump(mode="json")


def test_apuracao_para_pessoa_cadastrada_guarda_o_nome_e_o_endereco_digitados(
    banco_demo: Banco,
) -> None:
    cpf = _cpf()
    primeiro = _abrir(
        banco_demo,
        _pedido(
            "apuracao",
            {"documento": cpf, "nome": "Rita de Cássia Moura", "endereco": "Rua A, 10, Centro"},
        ),
    )
    assert primeiro["divergencias"] == []  # a pessoa nasce com o que foi digitado
    segundo = _abrir(
        banco_demo,
        _pedido(
            "inquerito",
            {
                "documento": cpf,
                "nome": "Rita de Cássia Moura Neves",
                "endereco": "Servidão das Gaivotas, 200, Campeche, Florianópolis/SC",
            },
        ),
        login="capitao.cpsc",
    )
    doc = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    esperadas = [
        {
            "campo": "investigado.nome",
            "rotulo": f"Nome do investigado ({doc})",
            "cadastro": "Rita de Cássia Moura",
            "informado": "Rita de Cássia Moura Neves",
        },
        {
            "campo": "investigado.endereco",
            "rotulo": f"Endereço do investigado ({doc})",
            "cadastro": "Rua A, 10, Centro",
            "informado": "Servidão das Gaivotas, 200, Campeche, Florianópolis/SC",
        },
    ]
    # a resposta da abertura diz a divergência
    assert segundo["divergencias"] == esperadas
    # o cadastro não mudou (um ato nunca se edita; a correção tem o seu caminho)
    pessoa = _pessoa(banco_demo, cpf)
    assert (pessoa.nome, pessoa.endereco, pessoa.versao) == (
        "Rita de Cássia Moura",
        "Rua A, 10, Centro",
        1,
    )
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        p = s.get(Processo, segundo["id"])
        assert p is not None and p.autuado_id == pessoa.id
        assert p.divergencias == esperadas  # gravadas no processo, lugar próprio
        # sem diferença, NULL do SQL (não o `null` do JSON)
        sem = select(Processo.id).where(Processo.divergencias.is_(None))
        assert s.execute(sem.where(Processo.id == primeiro["id"])).scalar() == primeiro["id"]
        abertura = s.execute(select(Ato).where(Ato.processo_id == p.id)).scalar_one()
        assert "divergencias" not in (abertura.payload or {})  # o ato fica como o quadro manda
    # a leitura do processo (GET /processos/{id} e a página) as mostra
    assert _detalhe(banco_demo, segundo["id"])["divergencias"] == esperadas
    assert _detalhe(banco_demo, primeiro["id"])["divergencias"] == []


def test_acentos_maiusculas_espacos_e_campo_em_branco_nao_sao_divergencia(
    banco_demo: Banco,
) -> None:
    cpf = _cpf()
    investigado = {
        "documento": cpf,
        "nome": "João Antônio Pereira",
        "endereco": "Rua das Flores, 12, Itajaí/SC",
        "telefone": "(47) 99999-1234",
    }
    _abrir(banco_demo, _pedido("apuracao", investigado))
    igual = {
        "documento": cpf,
        "nome": "  JOAO antonio   pereira ",
        "endereco": "rua das flores, 12, itajai/sc",
        "telefone": "47 999991234",
    }
    assert _abrir(banco_demo, _pedido("apuracao", igual))["divergencias"] == []
    so_o_nome = {"documento": cpf, "nome": "João Antônio Pereira", "endereco": "  "}
    assert _abrir(banco_demo, _pedido("apuracao", so_o_nome))["divergencias"] == []


def test_endereco_email_e_telefone_que_o_cadastro_nao_tem_ficam_registrados(
    banco_demo: Banco,
) -> None:
    cpf = _cpf()
    _abrir(banco_demo, _pedido("apuracao", {"documento": cpf, "nome": "Ana Pescadora"}))
    r = _abrir(
        banco_demo,
        _pedido(
            "apuracao",
            {
                "documento": cpf,
                "nome": "Ana Pescadora",
                "endereco": "Rua do Porto, 5, Florianópolis/SC",
                "email": "ana@exemplo.com.br",
                "telefone": "(48) 3222-0000",
            },
        ),
    )
    assert [(d["campo"], d["cadastro"], d["informado"]) for d in r["divergencias"]] == [
        ("investigado.endereco", "não informado", "Rua do Porto, 5, Florianópolis/SC"),
        ("investigado.email", "não informado", "ana@exemplo.com.br"),
        ("investigado.telefone", "não informado", "(48) 3222-0000"),
    ]
    pessoa = _pessoa(banco_demo, cpf)
    assert (pessoa.endereco, pessoa.email, pessoa.telefone) == (None, None, None)


def test_auto_de_poluicao_guarda_a_embarcacao_digitada_diferente_e_nao_confere_o_dono(
    banco_demo: Banco,
) -> None:
    """O investigado não é, por ser investigado, o proprietário da embarcação: o proprietário
    inscrito não se confere com ele; os dados da embarcação, sim."""
    dono, outro, inscricao = _cpf(), _cpf(), _inscricao()
    navio = {"inscricao": inscricao, "nome": "NT Petrobahia", "tipo": "petroleiro"}
    _abrir(
        banco_demo,
        _pedido("poluicao", {"documento": dono, "nome": "Dona do Navio"}, embarcacao=navio),
    )
    r = _abrir(
        banco_demo,
        _pedido(
            "poluicao",
            {"documento": outro, "nome": "Comandante do Navio"},
            embarcacao={**navio, "nome": "NT Petro Bahia II", "comprimento": "182.5"},
        ),
    )
    assert [(d["campo"], d["cadastro"], d["informado"]) for d in r["divergencias"]] == [
        ("embarcacao.nome", "NT Petrobahia", "NT Petro Bahia II"),
        ("embarcacao.comprimento", "não informado", "182.50"),
    ]
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        e = s.execute(select(Embarcacao).where(Embarcacao.inscricao == inscricao)).scalar_one()
        assert (e.nome, e.comprimento) == ("NT Petrobahia", None)


def test_reenvio_com_a_mesma_chave_devolve_as_mesmas_divergencias(banco_demo: Banco) -> None:
    cpf = _cpf()
    _abrir(banco_demo, _pedido("apuracao", {"documento": cpf, "nome": "Carlos Primeiro"}))
    cmd = _pedido("apuracao", {"documento": cpf, "nome": "Carlos Segundo"})
    uma = _abrir(banco_demo, cmd, chave="divergencias-reenvio")
    outra = _abrir(banco_demo, cmd, chave="divergencias-reenvio")
    assert uma == outra and uma["divergencias"][0]["informado"] == "Carlos Segundo"


def test_custodia_do_bem_achado_guarda_o_responsavel_digitado_diferente(
    banco_demo: Banco,
) -> None:
    cpf = _cpf()
    _abrir(banco_demo, _pedido("apuracao", {"documento": cpf, "nome": "Pedro Marinheiro"}))
    cmd = NovaCustodia.model_validate(
        {
            "data_ato": (hoje() - dt.timedelta(days=1)).isoformat(),
            "recolhimento": {
                "bem": "Bote inflável cinza, 3 m",
                "local_do_achado": "Praia da Joaquina",
                "local_guarda": "Depósito da CPSC",
                "estado_na_chegada": "Bote murcho, com areia, sem motor.",
            },
            "responsavel": {"documento": cpf, "nome": "Pedro Marinho"},
        }
    )
    status, aberta = custodias.abrir(
        BancoUnitOfWork(banco_demo), atores(banco_demo)["inspetor.cpsc"], cmd
    )
    assert status == 201
    assert [
        (d["campo"], d["cadastro"], d["informado"]) for d in aberta.model_dump()["divergencias"]
    ] == [("responsavel.nome", "Pedro Marinheiro", "Pedro Marinho")]
    assert _detalhe(banco_demo, aberta.id)["divergencias"][0]["campo"] == "responsavel.nome"
    assert _pessoa(banco_demo, cpf).nome == "Pedro Marinheiro"


@pytest.mark.parametrize("papel", ["proprietario", "condutor"])
def test_inspecao_tambem_guarda_o_endereco_digitado_diferente(
    banco_demo: Banco, papel: str
) -> None:
    """A mesma função serve à inspeção: o endereço (para onde vai o AR) digitado diferente do
    cadastro fica em `inspecao.divergencias`, como o nome."""
    cpf = _cpf()
    _abrir(
        banco_demo,
        _pedido("apuracao", {"documento": cpf, "nome": "Lúcia Náutica", "endereco": "Rua X, 1"}),
    )
    outro = {"documento": _cpf(), "nome": "Outra Pessoa"}
    pessoas = {"proprietario": outro, "condutor": outro}
    pessoas[papel] = {"documento": cpf, "nome": "Lúcia Náutica", "endereco": "Rua Y, 2"}
    cmd = inspecoes.NovaInspecao.model_validate(
        {
            "embarcacao": {"inscricao": _inscricao(), "nome": "Lancha Teste"},
            **pessoas,
            "data_hora": f"{(hoje() - dt.timedelta(days=1)).isoformat()}T10:00:00-03:00",
            "local": "Baía Norte, Florianópolis",
            "situacao": "parada",
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        }
    )
    with banco_demo.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(s, atores(banco_demo)["inspetor.cpsc"], cmd)
    assert [(d.campo, d.cadastro, d.informado) for d in r.divergencias] == [
        (f"{papel}.endereco", "Rua X, 1", "Rua Y, 2")
    ]
    with banco_demo.unit_of_work(somente_leitura=True) as s:
        insp = s.get(Inspecao, r.inspecao_id)
        assert insp is not None and insp.divergencias is not None
        assert [d["campo"] for d in insp.divergencias] == [f"{papel}.endereco"]
    assert _pessoa(banco_demo, cpf).endereco == "Rua X, 1"
