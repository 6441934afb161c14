"""Processos semeados pelos serviços (os mesmos que a API e as páginas usam) para os testes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from farol.relogio import hoje
from farol.services import inspecoes, processos
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.processos import NovoAto
from farol.services.resultados.inspecao import InspecaoRegistrada
from farol.store.db import Banco
from farol.store.orm import Usuario

CPF_DONO = "529.982.247-25"
NOME_DONO = "Joana Proprietária Teste"
CPF_CONDUTOR = "111.444.777-35"
NOME_CONDUTOR = "Pedro Condutor Teste"
CPF_ESTRANHO = "935.411.347-80"  # válido, de ninguém


def atores(banco: Banco) -> dict[str, Ator]:
    with banco.unit_of_work(somente_leitura=True) as s:
        return {u.login: ator_do_usuario(s, u) for u in s.execute(select(Usuario)).scalars()}


def inspecao(
    *,
    inscricao: str,
    dias_atras: int,
    dono: tuple[str, str] = (CPF_DONO, NOME_DONO),
    condutor: tuple[str, str] | None = (CPF_CONDUTOR, NOME_CONDUTOR),
    infracao: str = "RLESTA.16.II",
) -> inspecoes.NovaInspecao:
    quando = hoje() - dt.timedelta(days=dias_atras)
    corpo: dict[str, Any] = {
        "embarcacao": {"inscricao": inscricao, "nome": f"Teste {inscricao[-3:]}"},
        "proprietario": {"documento": dono[0], "nome": dono[1]},
        "data_hora": f"{quando.isoformat()}T10:00:00-03:00",
        "local": "Baía Norte, Florianópolis",
        "situacao": "parada",
        "constatacoes": [{"infracao": infracao, "embarcacao_inscrita": True}],
    }
    if condutor is not None:
        corpo["condutor"] = {"documento": condutor[0], "nome": condutor[1]}
    return inspecoes.NovaInspecao.model_validate(corpo)


def processo_autuado(
    banco: Banco, *, inscricao: str, dias_atras: int = 80, **kw: Any
) -> tuple[int, str]:
    """Inspeção há `dias_atras` dias (RLESTA.16.II, notifica o proprietário) e auto lavrado
    16 dias depois (já vencido o prazo de comparecimento). Devolve (id, número)."""
    a = atores(banco)
    with banco.unit_of_work() as s:
        r = inspecoes.registrar_inspecao(
            s, a["inspetor.cpsc"], inspecao(inscricao=inscricao, dias_atras=dias_atras, **kw)
        )
        p = r.processos[0]
        processos.registrar_ato(
            s,
            a["autoridade.cpsc"],
            p.id,
            NovoAto(
                tipo="lavratura_auto",
                data_ato=hoje() - dt.timedelta(days=dias_atras - 16),
                dados={"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]},
            ),
        )
    return p.id, p.numero


def registrar(
    banco: Banco, login: str, pid: int, tipo: str, data_ato: dt.date, **dados: Any
) -> None:
    a = atores(banco)
    with banco.unit_of_work() as s:
        processos.registrar_ato(
            s, a[login], pid, NovoAto(tipo=tipo, data_ato=data_ato, dados=dados)
        )


def inspecao_com_apreensao(
    banco: Banco, *, inscricao: str, dias_atras: int = 3
) -> InspecaoRegistrada:
    """Embarcação navegando com condutor sem habilitação e sem coletes: retirada de tráfego e
    apreensão (NORMAM 3.8.1 b e 3.12.1 b)."""
    cmd = inspecao(inscricao=inscricao, dias_atras=dias_atras, infracao="RLESTA.11")
    cmd = cmd.model_copy(
        update={
            "situacao": "navegando",
            "constatacoes": [
                inspecoes.DadosConstatacao(infracao="RLESTA.11"),
                inspecoes.DadosConstatacao(infracao="RLESTA.15.I", categoria_item="salvatagem"),
            ],
        }
    )
    a = atores(banco)
    with banco.unit_of_work() as s:
        return inspecoes.registrar_inspecao(s, a["inspetor.cpsc"], cmd)
