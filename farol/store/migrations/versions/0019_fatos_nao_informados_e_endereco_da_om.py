"""Fatos não informados ficam nulos; endereço e contato da OM nos documentos.

- `embarcacao.tipo`, `embarcacao.propulsao` e `embarcacao.comprimento` passam a aceitar nulo:
  a embarcação salva sem eles não recebe mais "lancha", "motor" e 6,00 m inventados, e os
  documentos imprimem a linha em branco para preencher à mão. As linhas já gravadas mantêm o
  valor que têm: não há como saber quais 6,00 m eram o padrão antigo (docs/interpretacoes.md).
- `om.endereco`, `om.bairro`, `om.cep`, `om.telefone`, `om.email` (nulos): o endereço completo
  da OM no cabeçalho e onde o documento manda comparecer ou entregar a defesa.

O rebaixamento recusa, dizendo quantas, quando há embarcações sem tipo, propulsão ou
comprimento: voltar a NOT NULL exigiria inventar esses valores.

Revisão: 0019
Anterior: 0018
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUNAS_DA_EMBARCACAO = (
    ("tipo", sa.String(length=60)),
    ("propulsao", sa.String(length=30)),
    ("comprimento", sa.Numeric(precision=8, scale=2)),
)


def upgrade() -> None:
    with op.batch_alter_table("embarcacao") as t:
        for nome, tipo in COLUNAS_DA_EMBARCACAO:
            t.alter_column(nome, existing_type=tipo, nullable=True)
    with op.batch_alter_table("om") as t:
        t.add_column(sa.Column("endereco", sa.String(length=300), nullable=True))
        t.add_column(sa.Column("bairro", sa.String(length=100), nullable=True))
        t.add_column(sa.Column("cep", sa.String(length=8), nullable=True))
        t.add_column(sa.Column("telefone", sa.String(length=30), nullable=True))
        t.add_column(sa.Column("email", sa.String(length=200), nullable=True))


def downgrade() -> None:
    sem_valor = (
        op.get_bind()
        .execute(
            sa.text(
                "SELECT count(*) FROM embarcacao "
                "WHERE tipo IS NULL OR propulsao IS NULL OR comprimento IS NULL"
            )
        )
        .scalar_one()
    )
    if sem_valor:
        raise RuntimeError(
            f"{sem_valor} embarcação(ões) sem tipo, propulsão ou comprimento registrados: a "
            "revisão anterior exige esses valores e o Farol não os inventa; corrija os cadastros "
            "antes de rebaixar"
        )
    with op.batch_alter_table("om") as t:
        for nome in ("email", "telefone", "cep", "bairro", "endereco"):
            t.drop_column(nome)
    with op.batch_alter_table("embarcacao") as t:
        for nome, tipo in COLUNAS_DA_EMBARCACAO:
            t.alter_column(nome, existing_type=tipo, nullable=False)
