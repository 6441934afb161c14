"""O papel do PostgreSQL com que a aplicação roda: não é dono de nada (ver docs/banco.md).

As migrações rodam com o papel dono das tabelas (`farol db upgrade`); o `farol serve` conecta
com outro, que recebe só o que a aplicação usa:

- `ato`, `documento_emitido`, `acesso_dado_pessoal`, `foto_inspecao`, `alteracao_cadastral` e
  `alteracao_de_conta`: SELECT e INSERT (só se acrescenta);
- as demais tabelas do registro do processo (`TABELAS_DO_REGISTRO`, incluindo `numeracao`):
  SELECT, INSERT e UPDATE, sem DELETE;
- as outras (sessões, idempotência, ...): SELECT, INSERT, UPDATE e DELETE;
- `alembic_version`: SELECT; as sequências dos ids: USAGE.

Sem posse, o papel da aplicação não pode `TRUNCATE`, `ALTER TABLE ... DISABLE TRIGGER`, `DROP`
nem conceder a si mesmo o que não tem: quem tomar as credenciais da aplicação não apaga nem
reescreve atos, e os gatilhos continuam valendo. `sql_do_papel_da_aplicacao` gera os GRANTs
(`farol db papeis`); rode-os com o papel das migrações depois de cada `farol db upgrade`.
"""

from __future__ import annotations

import re

from farol.erros import EntradaInvalida
from farol.store.orm import (
    AcessoDadoPessoal,
    AlteracaoCadastral,
    AlteracaoDeConta,
    Ato,
    AutoDeInfracao,
    AutoInfracaoItem,
    Base,
    DocumentoAnexo,
    DocumentoEmitido,
    FotoInspecao,
    Notificacao,
    Numeracao,
    Pagamento,
    Penalidade,
    Processo,
    Procurador,
)

SO_INSERT = tuple(
    m.__tablename__
    for m in (
        Ato,
        DocumentoEmitido,
        AcessoDadoPessoal,
        FotoInspecao,
        AlteracaoCadastral,
        AlteracaoDeConta,
    )
)
TABELAS_DO_REGISTRO = tuple(
    m.__tablename__
    for m in (
        Processo,
        Numeracao,
        AutoDeInfracao,
        AutoInfracaoItem,
        Notificacao,
        Penalidade,
        Pagamento,
        DocumentoAnexo,
        Procurador,
    )
)
IDENTIFICADOR = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def _identificador(valor: str, campo: str) -> str:
    if not IDENTIFICADOR.match(valor):
        raise EntradaInvalida(
            f"{valor!r} não é um nome simples de papel ou esquema do PostgreSQL (minúsculas, "
            "dígitos e _, começando por letra ou _)",
            campo=campo,
        )
    return valor


def privilegios(tabela: str) -> str:
    if tabela in SO_INSERT:
        return "SELECT, INSERT"
    if tabela in TABELAS_DO_REGISTRO:
        return "SELECT, INSERT, UPDATE"
    return "SELECT, INSERT, UPDATE, DELETE"


def sql_do_papel_da_aplicacao(papel: str, esquema: str = "public") -> str:
    """Os comandos que dão ao `papel` (já criado, sem posse de nada) o que a aplicação usa."""
    papel = _identificador(papel, "aplicacao")
    esquema = _identificador(esquema, "esquema")
    linhas = [
        f"-- Papel da aplicação {papel} no esquema {esquema}: só o que o Farol usa, sem posse.",
        "-- Rode com o papel dono das tabelas (o das migrações), depois de cada"
        " `farol db upgrade`.",
        f"-- Antes, uma vez: CREATE ROLE {papel} LOGIN PASSWORD '...';",
        f"GRANT USAGE ON SCHEMA {esquema} TO {papel};",
        f"GRANT SELECT ON {esquema}.alembic_version TO {papel};",
    ]
    for tabela in Base.metadata.sorted_tables:
        linhas.append(
            f"REVOKE ALL ON {esquema}.{tabela.name} FROM {papel};\n"
            f"GRANT {privilegios(tabela.name)} ON {esquema}.{tabela.name} TO {papel};"
        )
    linhas.append(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA {esquema} TO {papel};")
    return "\n".join(linhas) + "\n"
