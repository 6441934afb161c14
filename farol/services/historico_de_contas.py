"""O registro das mudanças de contas: quem criou uma OM ou um usuário, trocou a senha,
desativou ou reativou um usuário, quando, a conta alvo e o efeito.

Cada caso de uso de `farol.services.contas` grava a sua linha em `alteracao_de_conta` na mesma
transação da mudança: a mudança sem registro não se confirma, nem o registro sem a mudança.
Quem fez vem da borda (`Autor`): a CLI, que roda com acesso direto ao banco e sem login no
Farol, registra a origem "CLI" e o usuário do sistema operacional na máquina
(`farol.cli.main._operador`). A senha nunca entra: nem ela nem o hash, só o efeito da troca.

Daqui só se acrescentam linhas: nenhuma função altera ou apaga o registro (a sessão o recusa,
`orm.AlteracaoDeConta`, e no PostgreSQL os gatilhos da migração 0042). `listar` o lê, das
mudanças mais recentes às mais antigas (`farol usuario historico`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field
from sqlalchemy import select
from sqlalchemy.orm import Session, aliased

from farol.erros import NaoEncontrado
from farol.formatos import citado
from farol.relogio import agora
from farol.services.resultados.base import Instante, Resultado
from farol.services.unit_of_work import caso_de_uso
from farol.services.usuarios import usuario_pelo_login
from farol.store.orm import (
    ATIVACAO,
    CRIACAO_DE_OM,
    CRIACAO_DE_USUARIO,
    DESATIVACAO,
    OM,
    TAMANHO_DO_OPERADOR,
    TROCA_DE_SENHA,
    AlteracaoDeConta,
    Usuario,
)

ORIGEM_CLI = "CLI"
"""A origem das mudanças feitas pela linha de comando (`farol om|usuario ...`)."""

NOME_DA_ACAO = {
    CRIACAO_DE_OM: "OM criada",
    CRIACAO_DE_USUARIO: "usuário criado",
    TROCA_DE_SENHA: "senha trocada",
    DESATIVACAO: "usuário desativado",
    ATIVACAO: "usuário reativado",
}


@dataclass(frozen=True)
class Autor:
    """Quem faz a mudança: a origem (`ORIGEM_CLI`) e o operador (na CLI, `usuario@maquina` do
    sistema operacional)."""

    origem: str
    operador: str


def registrar(
    s: Session,
    acao: str,
    autor: Autor,
    *,
    om_id: int,
    usuario_id: int | None = None,
    efeito: dict[str, Any] | None = None,
) -> None:
    """Acrescenta a mudança ao registro, na transação de quem chama."""
    s.add(
        AlteracaoDeConta(
            registrado_em=agora(),
            acao=acao,
            usuario_id=usuario_id,
            om_id=om_id,
            origem=autor.origem,
            operador=autor.operador[:TAMANHO_DO_OPERADOR],  # cortado, não recusa a mudança
            efeito=efeito or {},
        )
    )


class MudancaDeConta(Resultado):
    """Uma linha do registro das mudanças de contas."""

    id: int
    registrado_em: Instante = Field(description="quando (UTC)")
    acao: str = Field(description="criacao_de_om, criacao_de_usuario, troca_de_senha, ...")
    login: str | None = Field(description="o usuário alvo (nulo na criação de OM)")
    om: str = Field(description="sigla da OM do usuário, ou da OM criada")
    origem: str = Field(description="de onde veio a mudança (CLI)")
    operador: str = Field(description="quem a fez (na CLI, usuario@maquina do sistema)")
    efeito: dict[str, Any] = Field(description="o que mudou (nunca a senha)")


@caso_de_uso()
def listar(
    s: Session, *, limite: int, login: str | None = None, om: str | None = None
) -> list[MudancaDeConta]:
    """As `limite` mudanças mais recentes, das mais novas às mais antigas; filtros: o usuário
    alvo (`login`) e a OM (`om`: a criação dela e as mudanças dos usuários dela). Login ou OM
    inexistentes: `NaoEncontrado` no campo."""
    alvo = aliased(Usuario)
    consulta = (
        select(AlteracaoDeConta, alvo.login, OM.sigla)
        .join(OM, OM.id == AlteracaoDeConta.om_id)
        .outerjoin(alvo, alvo.id == AlteracaoDeConta.usuario_id)
        .order_by(AlteracaoDeConta.id.desc())
        .limit(limite)
    )
    if login is not None:
        consulta = consulta.where(AlteracaoDeConta.usuario_id == usuario_pelo_login(s, login).id)
    if om is not None:
        om_id = s.execute(select(OM.id).where(OM.sigla == om.upper())).scalar_one_or_none()
        if om_id is None:
            raise NaoEncontrado(f"OM {citado(om)} não encontrada", campo="om")
        consulta = consulta.where(AlteracaoDeConta.om_id == om_id)
    return [
        MudancaDeConta(
            id=a.id,
            registrado_em=a.registrado_em,
            acao=a.acao,
            login=login_alvo,
            om=sigla,
            origem=a.origem,
            operador=a.operador,
            efeito=a.efeito,
        )
        for a, login_alvo, sigla in s.execute(consulta).all()
    ]
