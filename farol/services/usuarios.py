"""Cadastro de OMs e usuários (usado pela demonstração, pelos testes e pela administração)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.papeis import PAPEIS
from farol.erros import EntradaInvalida
from farol.services.senhas import hash_senha
from farol.store.orm import OM, OMFechamento, Usuario


def criar_om(
    s: Session,
    *,
    sigla: str,
    nome: str,
    tipo: str,
    uf: str,
    municipio: str,
    superior: OM | None = None,
    fechamentos: dict[dt.date, str] | None = None,
) -> OM:
    om = OM(
        sigla=sigla,
        nome=nome,
        tipo=tipo,
        uf=uf,
        municipio=municipio,
        superior_id=superior.id if superior else None,
    )
    s.add(om)
    s.flush()
    for data, motivo in (fechamentos or {}).items():
        s.add(OMFechamento(om_id=om.id, data=data, motivo=motivo))
    return om


def criar_usuario(s: Session, *, login: str, nome: str, senha: str, papel: str, om: OM) -> Usuario:
    if papel not in PAPEIS:
        raise EntradaInvalida(f"papel desconhecido: {papel!r}", campo="papel")
    if s.execute(select(Usuario.id).where(Usuario.login == login)).first():
        raise EntradaInvalida(f"login já existe: {login!r}", campo="login")
    u = Usuario(login=login, nome=nome, senha_hash=hash_senha(senha), papel=papel, om_id=om.id)
    s.add(u)
    s.flush()
    return u
