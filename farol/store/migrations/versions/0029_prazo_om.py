"""A OM de cada prazo, para as contagens do painel por jurisdição (issue 13, item 2).

A 1.000.000 de processos no PostgreSQL, as três contagens de prazos do painel (vencidos, de
hoje, dos próximos 7 dias) liam os prazos em curso do país inteiro pelo índice por data e
filtravam a jurisdição em cada processo (1,4 s, 0,7 s e 0,3 s para uma Capitania). Com a OM
no próprio prazo:

- `prazo.om_id`: a OM do processo (que não muda), preenchida aqui numa atualização por
  conjunto e em todo INSERT depois (`farol.services.processos`, a carga em massa);
- `ix_prazo_em_curso_por_om` em `prazo (om_id, vencimento) WHERE encerrado_em IS NULL`: cada
  contagem lê só o trecho das OMs do usuário no período.

Revisão: 0029
Anterior: 0028
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("prazo", sa.Column("om_id", sa.Integer(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":  # uma junção por hash, não uma busca por prazo
        op.execute(
            "UPDATE prazo SET om_id = processo.om_id FROM processo"
            " WHERE processo.id = prazo.processo_id"
        )
    else:
        op.execute(
            "UPDATE prazo SET om_id = (SELECT processo.om_id FROM processo"
            " WHERE processo.id = prazo.processo_id)"
        )
    with op.batch_alter_table("prazo") as lote:
        lote.alter_column("om_id", existing_type=sa.Integer(), nullable=False)
        lote.create_foreign_key("fk_prazo_om_id_om", "om", ["om_id"], ["id"])
    op.create_index(
        "ix_prazo_em_curso_por_om",
        "prazo",
        ["om_id", "vencimento"],
        unique=False,
        sqlite_where=sa.text("encerrado_em IS NULL"),
        postgresql_where=sa.text("encerrado_em IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_prazo_em_curso_por_om", table_name="prazo")
    with op.batch_alter_table("prazo") as lote:
        lote.drop_constraint("fk_prazo_om_id_om", type_="foreignkey")
        lote.drop_column("om_id")
