"""Fotos, posição do GPS e divergências do cadastro na inspeção (issue 15, itens 5 e 6).

- `foto_inspecao`: cada foto tirada na inspeção (JPEG, PNG ou WebP), com o SHA-256, a
  descrição, quando foi tirada (se informado) e quando chegou; só se acrescenta.
- `inspecao.latitude`, `inspecao.longitude` (graus decimais) e `inspecao.precisao_m`: a posição
  que o celular deu, quando o inspetor a permite; nulas sem ela.
- `inspecao.divergencias`: o que o inspetor informou diferente do cadastro da embarcação e das
  pessoas (`[{campo, rotulo, cadastro, informado}]`); nula quando não há diferença.

Revisão: 0021
Anterior: 0020
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("inspecao") as t:
        t.add_column(sa.Column("latitude", sa.Numeric(precision=9, scale=6), nullable=True))
        t.add_column(sa.Column("longitude", sa.Numeric(precision=9, scale=6), nullable=True))
        t.add_column(sa.Column("precisao_m", sa.Integer(), nullable=True))
        t.add_column(sa.Column("divergencias", JSON, nullable=True))
    op.create_table(
        "foto_inspecao",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("inspecao_id", sa.Integer(), nullable=False),
        sa.Column("nome_arquivo", sa.String(length=255), nullable=False),
        sa.Column("tipo_mime", sa.String(length=100), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("conteudo", sa.LargeBinary(), nullable=False),
        sa.Column("descricao", sa.String(length=500), nullable=True),
        sa.Column("tirada_em", sa.DateTime(timezone=True), nullable=True),
        sa.Column("recebida_em", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["inspecao_id"], ["inspecao.id"], name=op.f("fk_foto_inspecao_inspecao_id_inspecao")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_foto_inspecao")),
    )
    op.create_index(
        op.f("ix_foto_inspecao_inspecao_id"), "foto_inspecao", ["inspecao_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_foto_inspecao_inspecao_id"), table_name="foto_inspecao")
    op.drop_table("foto_inspecao")
    # Sem recriar a tabela (modo batch): `inspecao` é referenciada por processos e fotos, e
    # recriá-la com foreign_keys=ON no SQLite falharia. O SQLite (3.35+) e o PostgreSQL removem
    # a coluna no lugar.
    for coluna in ("divergencias", "precisao_m", "longitude", "latitude"):
        op.drop_column("inspecao", coluna)
