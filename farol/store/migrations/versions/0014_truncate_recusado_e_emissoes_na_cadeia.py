"""No PostgreSQL, o banco recusa TRUNCATE nas tabelas do processo (gatilho por comando); a
emissão de cada documento já emitido é registrada na cadeia de atos do processo.

Os gatilhos por linha (`0006`, `0009`) não veem TRUNCATE, que esvazia a tabela sem apagar
linha por linha. Um gatilho `BEFORE TRUNCATE ... FOR EACH STATEMENT` o recusa nas tabelas do
registro do processo; as demais chegam a elas por chave estrangeira, e um `TRUNCATE ...
CASCADE` que as alcance também é recusado. Daqui em diante, emitir um documento acrescenta o
ato do sistema `emissao_de_documento` (atos_do_sistema.yaml) com o SHA-256 do PDF; os
documentos emitidos antes desta revisão recebem esse ato agora, com a data desta migração e a
da emissão no payload (na descida ficam: atos não se apagam).

Revisão: 0014
Anterior: 0013
"""

import datetime as dt
from collections.abc import Sequence
from dataclasses import asdict

import sqlalchemy as sa
from alembic import op

from farol.relogio import data_local
from farol.store.auditoria import HASH_INICIAL, CamposDoAto, hash_do_ato
from farol.store.tipos import InstanteUTC, Json

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABELAS = (
    "ato",
    "documento_emitido",
    "processo",
    "numeracao",
    "auto_de_infracao",
    "auto_infracao_item",
    "notificacao",
    "penalidade",
    "pagamento",
    "documento_anexo",
    "procurador",
)

FUNCAO = """
CREATE FUNCTION farol_recusa_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'TRUNCATE recusado em %: os registros do processo administrativo não se '
                    'apagam', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation',
              HINT = 'atos e documentos emitidos só recebem INSERT';
END;
$$
"""

TIPO_EMISSAO = "emissao_de_documento"  # congelado: o tipo de atos_do_sistema.yaml nesta revisão


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def _registrar_emissoes_anteriores() -> None:
    ato = sa.table(
        "ato",
        *(
            sa.column(n, t)
            for n, t in (
                ("processo_id", sa.Integer()),
                ("seq", sa.Integer()),
                ("tipo", sa.String()),
                ("ator_id", sa.Integer()),
                ("papel", sa.String()),
                ("registrado_em", InstanteUTC()),
                ("data_ato", sa.Date()),
                ("payload", Json),
                ("corrige_ato_id", sa.Integer()),
                ("intempestivo", sa.Boolean()),
                ("hash_anterior", sa.String()),
                ("hash", sa.String()),
            )
        ),
    )
    doc = sa.table(
        "documento_emitido",
        sa.column("id", sa.Integer()),
        sa.column("codigo", sa.String()),
        sa.column("processo_id", sa.Integer()),
        sa.column("tipo", sa.String()),
        sa.column("sha256", sa.String()),
        sa.column("emitido_em", InstanteUTC()),
        sa.column("emitido_por_id", sa.Integer()),
    )
    usuario = sa.table("usuario", sa.column("id", sa.Integer()), sa.column("papel", sa.String()))
    conexao = op.get_bind()
    registrados = {
        str(p.get("codigo"))
        for (p,) in conexao.execute(sa.select(ato.c.payload).where(ato.c.tipo == TIPO_EMISSAO))
    }
    agora = dt.datetime.now(dt.UTC)
    emitidos = conexao.execute(
        sa.select(doc, usuario.c.papel)
        .join(usuario, usuario.c.id == doc.c.emitido_por_id)
        .order_by(doc.c.id)
    ).all()
    for d in emitidos:
        if d.codigo in registrados:
            continue
        ultimo = conexao.execute(
            sa.select(ato.c.seq, ato.c.hash)
            .where(ato.c.processo_id == d.processo_id)
            .order_by(ato.c.seq.desc())
            .limit(1)
        ).first()
        seq, anterior = (0, HASH_INICIAL) if ultimo is None else (ultimo.seq, ultimo.hash)
        campos = CamposDoAto(
            processo_id=d.processo_id,
            seq=seq + 1,
            tipo=TIPO_EMISSAO,
            ator_id=d.emitido_por_id,
            papel=d.papel,
            registrado_em=agora,
            data_ato=data_local(agora),
            payload={
                "documento": d.tipo,
                "codigo": d.codigo,
                "sha256": d.sha256,
                "emitido_em": d.emitido_em.isoformat(),
                "registro": "migração 0014: documento emitido antes de a emissão entrar na cadeia",
            },
            corrige_ato_id=None,
            intempestivo=False,
        )
        conexao.execute(
            sa.insert(ato).values(
                **asdict(campos), hash_anterior=anterior, hash=hash_do_ato(campos, anterior)
            )
        )


def upgrade() -> None:
    if _postgresql():
        op.execute(FUNCAO)
        for tabela in TABELAS:
            op.execute(
                f"CREATE TRIGGER {tabela}_sem_truncate BEFORE TRUNCATE ON {tabela} "
                "FOR EACH STATEMENT EXECUTE FUNCTION farol_recusa_truncate()"
            )
    _registrar_emissoes_anteriores()


def downgrade() -> None:
    if _postgresql():
        for tabela in TABELAS:
            op.execute(f"DROP TRIGGER {tabela}_sem_truncate ON {tabela}")
        op.execute("DROP FUNCTION farol_recusa_truncate()")
