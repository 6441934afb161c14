"""Custódia de embarcações apreendidas e de bens achados (LESTA arts. 16 a 18 e 21; NORMAM-07
itens 0205 e 0309 a 0313) e o levantamento das medidas administrativas.

- `custodia`: o bem sob a guarda da OM, ligado ao processo do regime `custodia` (a embarcação
  apreendida ou, no achado, a descrição do bem), o início e o fim da guarda. Um índice único
  parcial impede a mesma embarcação sob custódia duas vezes ao mesmo tempo.
- `tarifa_custodia`: a tabela de valores de cada OM para a guarda, a conservação e as demais
  despesas (NORMAM-07 item 0311), datada e com o ato que a fixou; só INSERT (uma tabela nova
  substitui a anterior a partir da sua data).
- `medida_administrativa.suspensa_por_ato_id`: o ato que levantou a medida.
- `processo.autuado_id` passa a aceitar nulo: na custódia o proprietário pode ser desconhecido
  (NORMAM-07 item 0309, notificação por edital) e o bem achado não tem responsável conhecido.

Revisão: 0016
Anterior: 0015
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("processo") as t:
        t.alter_column("autuado_id", existing_type=sa.Integer(), nullable=True)
    with op.batch_alter_table("medida_administrativa") as t:
        t.add_column(sa.Column("suspensa_por_ato_id", sa.Integer(), nullable=True))
        t.create_foreign_key(
            op.f("fk_medida_administrativa_suspensa_por_ato_id_ato"),
            "ato",
            ["suspensa_por_ato_id"],
            ["id"],
        )
    op.create_table(
        "custodia",
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("embarcacao_id", sa.Integer(), nullable=True),
        sa.Column("medida_id", sa.Integer(), nullable=True),
        sa.Column("bem", sa.String(length=300), nullable=False),
        sa.Column("inicio", sa.Date(), nullable=False),
        sa.Column("fim", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(
            ["processo_id"], ["processo.id"], name=op.f("fk_custodia_processo_id_processo")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_custodia_om_id_om")),
        sa.ForeignKeyConstraint(
            ["embarcacao_id"], ["embarcacao.id"], name=op.f("fk_custodia_embarcacao_id_embarcacao")
        ),
        sa.ForeignKeyConstraint(
            ["medida_id"],
            ["medida_administrativa.id"],
            name=op.f("fk_custodia_medida_id_medida_administrativa"),
        ),
        sa.PrimaryKeyConstraint("processo_id", name=op.f("pk_custodia")),
    )
    op.create_index(op.f("ix_custodia_om_id"), "custodia", ["om_id"], unique=False)
    op.create_index(
        "uq_custodia_embarcacao_sob_guarda",
        "custodia",
        ["embarcacao_id"],
        unique=True,
        sqlite_where=sa.text("fim IS NULL"),
        postgresql_where=sa.text("fim IS NULL"),
    )
    op.create_table(
        "tarifa_custodia",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("vigente_desde", sa.Date(), nullable=False),
        sa.Column("item", sa.String(length=40), nullable=False),
        sa.Column("valor", sa.Numeric(14, 2), nullable=False),
        sa.Column("ato", sa.String(length=300), nullable=False),
        sa.Column("registrada_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("registrada_por", sa.Integer(), nullable=False),
        sa.CheckConstraint("valor >= 0", name=op.f("ck_tarifa_custodia_valor")),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_tarifa_custodia_om_id_om")),
        sa.ForeignKeyConstraint(
            ["registrada_por"],
            ["usuario.id"],
            name=op.f("fk_tarifa_custodia_registrada_por_usuario"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tarifa_custodia")),
        sa.UniqueConstraint(
            "om_id", "vigente_desde", "item", name=op.f("uq_tarifa_custodia_om_id_vigente_desde_item")
        ),
    )


def downgrade() -> None:
    op.drop_table("tarifa_custodia")
    op.drop_index("uq_custodia_embarcacao_sob_guarda", table_name="custodia")
    op.drop_index(op.f("ix_custodia_om_id"), table_name="custodia")
    op.drop_table("custodia")
    with op.batch_alter_table("medida_administrativa") as t:
        t.drop_constraint(
            op.f("fk_medida_administrativa_suspensa_por_ato_id_ato"), type_="foreignkey"
        )
        t.drop_column("suspensa_por_ato_id")
    with op.batch_alter_table("processo") as t:
        t.alter_column("autuado_id", existing_type=sa.Integer(), nullable=False)
