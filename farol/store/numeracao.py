"""Numeração oficial sem lacunas: processo, auto de infração, notificação, por OM e ano.

Sequências do banco deixam buracos quando uma transação desfaz; um número oficial não
pode pular. O contador fica na tabela `numeracao` e avança dentro da mesma transação que
grava o documento: se ela desfaz, o número volta junto.

Concorrência: no PostgreSQL a linha do contador é criada com `ON CONFLICT DO NOTHING` e
travada com `SELECT ... FOR UPDATE`, de modo que transações simultâneas esperam a vez; no
SQLite toda transação de escrita começa com `BEGIN IMMEDIATE` (ver `db.py`), o que já
serializa os escritores.
"""

from __future__ import annotations

import re

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from farol.erros import EntradaInvalida
from farol.store.inserir import inserir_se_faltar
from farol.store.orm import Numeracao

PROCESSO = "processo"
AUTO_DE_INFRACAO = "auto_de_infracao"
NOTIFICACAO = "notificacao"
DIGITOS = 6

# o número como se digita do papel: "2026/CPSC/22", "2026-cpsc-000022", "2026 CPSC 22"
_SEPARADOR = r"\s*[/\-.\s]\s*"
_DIGITADO = re.compile(rf"^(\d{{4}}){_SEPARADOR}([A-Z][A-Z0-9]*){_SEPARADOR}(\d{{1,{DIGITOS}}})$")


def proximo_numero(sessao: Session, om_id: int, ano: int, tipo: str) -> int:
    """O próximo número de `tipo` na OM e no ano: 1, 2, 3 ... sem lacunas nem repetição."""
    if not tipo:
        raise EntradaInvalida("tipo de numeração vazio", campo="tipo")
    chave = {"om_id": om_id, "ano": ano, "tipo": tipo}
    inserir_se_faltar(sessao, Numeracao, {**chave, "ultimo": 0})
    filtro = (Numeracao.om_id == om_id, Numeracao.ano == ano, Numeracao.tipo == tipo)
    ultimo = sessao.execute(select(Numeracao.ultimo).where(*filtro).with_for_update()).scalar_one()
    proximo = ultimo + 1
    sessao.execute(update(Numeracao).where(*filtro).values(ultimo=proximo))
    return proximo


def numero_oficial(ano: int, sigla_om: str, sequencial: int) -> str:
    """`2026/CPSP/000123`: ano, sigla da OM e sequencial com seis dígitos."""
    return f"{ano}/{sigla_om}/{sequencial:0{DIGITOS}d}"


def e_numero_digitado(texto: str) -> bool:
    """O texto é um número oficial como se digita do papel (`numero_digitado` o reconhece)."""
    return _DIGITADO.match(texto.strip().upper()) is not None


def numero_digitado(texto: str) -> str:
    """O número oficial (`2026/CPSC/000022`) do que a pessoa digitou: minúsculas, sem os zeros
    à esquerda do sequencial, com hífens, pontos ou espaços no lugar das barras. Outro texto
    volta só sem os espaços das pontas, em maiúsculas."""
    t = texto.strip().upper()
    m = _DIGITADO.match(t)
    if m is None:
        return t
    return numero_oficial(int(m[1]), m[2], int(m[3]))
