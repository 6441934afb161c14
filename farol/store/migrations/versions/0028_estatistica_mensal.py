"""O agregado mensal das estatísticas `estatistica_mensal` (issue 13, item 2).

Por OM e mês civil ("AAAA-MM"), indicador (`infracoes`, `medidas`, `pagamentos`) e chave (a
infração, o tipo da medida; vazia nos pagamentos): quantidade e, nos pagamentos, a soma.
Regravado antes do commit da transação que grava uma constatação, uma medida ou um pagamento
(`farol.services.estatistica_mensal`); as estatísticas de um período leem aqui os meses
inteiros e contam nas tabelas só as pontas. Os meses já gravados se preenchem aqui.

Revisão: 0028
Anterior: 0027
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "estatistica_mensal",
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("mes", sa.String(length=7), nullable=False),
        sa.Column("indicador", sa.String(length=20), nullable=False),
        sa.Column("chave", sa.String(length=60), nullable=False),
        sa.Column("quantidade", sa.Integer(), nullable=False),
        sa.Column("valor", sa.Numeric(precision=20, scale=2), nullable=True),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_estatistica_mensal_om_id_om")),
        sa.PrimaryKeyConstraint(
            "om_id", "mes", "indicador", "chave", name=op.f("pk_estatistica_mensal")
        ),
    )
    from sqlalchemy.orm import Session

    from farol.services.estatistica_mensal import refazer_todos

    refazer_todos(Session(bind=op.get_bind()))


def downgrade() -> None:
    op.drop_table("estatistica_mensal")
