"""Cadastro de OMs e usuários (usado pela demonstração, pelos testes e pela administração)."""

from __future__ import annotations

import datetime as dt
import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.papeis import PAPEIS
from farol.erros import EntradaInvalida, NaoEncontrado
from farol.formatos import citado
from farol.services.endereco_om import EnderecoDaOM
from farol.services.senhas import hash_senha as hash_senha  # reexportado: a carga o usa
from farol.store.orm import OM, OMFechamento, Usuario

MAXIMO_EMAIL = 254  # RFC 5321: o caminho inteiro, 256 com os sinais < >
EMAIL = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+$")


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
    endereco: EnderecoDaOM | None = None,
) -> OM:
    om = OM(
        sigla=sigla,
        nome=nome,
        tipo=tipo,
        uf=uf,
        municipio=municipio,
        superior_id=superior.id if superior else None,
    )
    if endereco is not None:
        endereco.aplicar(om)
    s.add(om)
    s.flush()
    for data, motivo in (fechamentos or {}).items():
        s.add(OMFechamento(om_id=om.id, data=data, motivo=motivo))
    return om


def validar_email(email: str | None) -> str | None:
    """O e-mail sem espaços nas pontas, ou None se vazio; malformado: `EntradaInvalida`."""
    email = (email or "").strip()
    if not email:
        return None
    if len(email) > MAXIMO_EMAIL or not EMAIL.match(email):
        raise EntradaInvalida(
            f"e-mail inválido: {citado(email)} (use nome@dominio, até {MAXIMO_EMAIL} caracteres)",
            campo="email",
        )
    return email


def criar_usuario(
    s: Session,
    *,
    login: str,
    nome: str,
    senha: str,
    papel: str,
    om: OM,
    email: str | None = None,
    senha_hash: str | None = None,
) -> Usuario:
    """Cria o usuário; `senha_hash`, se dado, é o hash já calculado de `senha` (a carga em
    massa cria dezenas de usuários de demonstração com a mesma senha: um hash só)."""
    if papel not in PAPEIS:
        raise EntradaInvalida(f"papel desconhecido: {citado(papel)}", campo="papel")
    if s.execute(select(Usuario.id).where(Usuario.login == login)).first():
        raise EntradaInvalida(f"login já existe: {citado(login)}", campo="login")
    u = Usuario(
        login=login,
        nome=nome,
        senha_hash=senha_hash or hash_senha(senha),
        papel=papel,
        om_id=om.id,
        email=validar_email(email),
    )
    s.add(u)
    s.flush()
    return u


def usuario_pelo_login(s: Session, login: str) -> Usuario:
    """O usuário do login (ativo ou não); `NaoEncontrado` no campo `login`."""
    u = s.execute(select(Usuario).where(Usuario.login == login)).scalar_one_or_none()
    if u is None:
        raise NaoEncontrado(f"usuário {citado(login)} não encontrado", campo="login")
    return u
