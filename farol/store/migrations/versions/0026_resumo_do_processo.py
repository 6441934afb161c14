"""O modelo de leitura `processo_resumo` (issue 13, item 2).

Uma linha por processo: OM, regime, estado, se está encerrado, atos do procedimento e o
último, prazos em curso e o próximo vencimento, multa em vigor (e a data do ato que a fixou),
pago e o vencimento do pagamento em curso, a data da primeira prescrição, a retenção CLC-69 em
vigor e a restituição pendente. Regravada na mesma transação de cada ato
(`farol.services.resumo_processo`); índices por OM e próximo vencimento, vencimento do
pagamento e prescrição, para o painel e a lista. As linhas dos processos já gravados se
preenchem aqui, pelo mesmo cálculo (em lotes).

Revisão: 0026
Anterior: 0025
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "processo_resumo",
        sa.Column("processo_id", sa.Integer(), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("regime", sa.String(length=10), nullable=False),
        sa.Column("estado", sa.String(length=60), nullable=False),
        sa.Column("encerrado", sa.Boolean(), nullable=False),
        sa.Column("atos", sa.Integer(), nullable=False),
        sa.Column("ultimo_ato_tipo", sa.String(length=60), nullable=True),
        sa.Column("ultimo_ato_data", sa.Date(), nullable=True),
        sa.Column("prazos_em_curso", sa.Integer(), nullable=False),
        sa.Column("proximo_vencimento", sa.Date(), nullable=True),
        sa.Column("multa", sa.Numeric(precision=20, scale=2), nullable=True),
        sa.Column("pago", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.Column("vencimento_pagamento", sa.Date(), nullable=True),
        sa.Column("prescreve_em", sa.Date(), nullable=True),
        sa.Column("multa_fixada_em", sa.Date(), nullable=True),
        sa.Column("retida_em", sa.Date(), nullable=True),
        sa.Column("restituicao_pendente", sa.Numeric(precision=20, scale=2), nullable=False),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_processo_resumo_om_id_om")),
        sa.ForeignKeyConstraint(
            ["processo_id"],
            ["processo.id"],
            name=op.f("fk_processo_resumo_processo_id_processo"),
        ),
        sa.PrimaryKeyConstraint("processo_id", name=op.f("pk_processo_resumo")),
    )
    op.create_index(
        "ix_processo_resumo_om_vencimento",
        "processo_resumo",
        ["om_id", "proximo_vencimento"],
        unique=False,
    )
    op.create_index(
        "ix_processo_resumo_om_pagamento",
        "processo_resumo",
        ["om_id", "vencimento_pagamento"],
        unique=False,
    )
    op.create_index(
        "ix_processo_resumo_om_prescricao",
        "processo_resumo",
        ["om_id", "prescreve_em"],
        unique=False,
    )
    op.create_index(
        "ix_processo_resumo_om_multa",
        "processo_resumo",
        ["om_id", "multa_fixada_em"],
        unique=False,
    )
    op.create_index(
        "ix_processo_resumo_retidos",
        "processo_resumo",
        ["om_id"],
        unique=False,
        sqlite_where=sa.text("retida_em IS NOT NULL"),
        postgresql_where=sa.text("retida_em IS NOT NULL"),
    )
    op.create_index(
        "ix_processo_resumo_a_restituir",
        "processo_resumo",
        ["om_id"],
        unique=False,
        sqlite_where=sa.text("restituicao_pendente > 0"),
        postgresql_where=sa.text("restituicao_pendente > 0"),
    )
    # os processos já gravados: o mesmo cálculo do serviço, em lotes
    from sqlalchemy.orm import Session

    # só as colunas desta revisão: as que as migrações seguintes acrescentam se preenchem nelas
    from farol.services.resumo_processo import preencher_na_migracao

    preencher_na_migracao(Session(bind=op.get_bind()))


def downgrade() -> None:
    op.drop_index("ix_processo_resumo_a_restituir", table_name="processo_resumo")
    op.drop_index("ix_processo_resumo_retidos", table_name="processo_resumo")
    op.drop_index("ix_processo_resumo_om_multa", table_name="processo_resumo")
    op.drop_index("ix_processo_resumo_om_prescricao", table_name="processo_resumo")
    op.drop_index("ix_processo_resumo_om_pagamento", table_name="processo_resumo")
    op.drop_index("ix_processo_resumo_om_vencimento", table_name="processo_resumo")
    op.drop_table("processo_resumo")
