"""Registro de acesso a dados pessoais (LGPD art. 37): cada leitura dos dados completos de
uma pessoa (a situação por CPF/CNPJ: nome e débitos em todas as OMs) grava quem leu, com que
papel e de que OM, quando, de que documento e por qual consulta.

Revisão: 0015
Anterior: 0014
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "acesso_dado_pessoal",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("registrado_em", sa.DateTime(timezone=True), nullable=False),
        sa.Column("usuario_id", sa.Integer(), nullable=False),
        sa.Column("papel", sa.String(length=30), nullable=False),
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("documento", sa.String(length=14), nullable=False),
        sa.Column("pessoa_id", sa.Integer(), nullable=True),
        sa.Column("consulta", sa.String(length=60), nullable=False),
        sa.ForeignKeyConstraint(
            ["usuario_id"], ["usuario.id"], name=op.f("fk_acesso_dado_pessoal_usuario_id_usuario")
        ),
        sa.ForeignKeyConstraint(["om_id"], ["om.id"], name=op.f("fk_acesso_dado_pessoal_om_id_om")),
        sa.ForeignKeyConstraint(
            ["pessoa_id"], ["pessoa.id"], name=op.f("fk_acesso_dado_pessoal_pessoa_id_pessoa")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_acesso_dado_pessoal")),
    )
    for coluna in ("registrado_em", "usuario_id", "om_id", "documento"):
        op.create_index(
            op.f(f"ix_acesso_dado_pessoal_{coluna}"), "acesso_dado_pessoal", [coluna], unique=False
        )


def downgrade() -> None:
    for coluna in ("registrado_em", "usuario_id", "om_id", "documento"):
        op.drop_index(op.f(f"ix_acesso_dado_pessoal_{coluna}"), table_name="acesso_dado_pessoal")
    op.drop_table("acesso_dado_pessoal")
