"""A data civil da inspeção e índices do painel (issue 13, item 2: estatísticas que agregam no
banco, listas do painel por índice).

- `inspecao.data`: a data de `data_hora` no fuso do Farol (a inspeção às 22h de 31/01 em
  Florianópolis é de janeiro), gravada em todo INSERT pelo padrão da coluna; as linhas já
  gravadas se preenchem aqui, em lotes, pela mesma conta (`farol.relogio.data_local`);
- `ix_inspecao_om_id_data` em `inspecao (om_id, data)`: as estatísticas de um período contam
  as infrações constatadas por artigo, mês e OM com GROUP BY, sem trazer uma linha por
  constatação; `ix_constatacao_inspecao_id_infracao` em `constatacao (inspecao_id, infracao)`
  as conta sem ler a linha de cada uma;
- `ix_medida_em_vigor` em `medida_administrativa (tipo, aplicada_em) WHERE suspensa_em IS
  NULL`: as embarcações apreendidas do painel, as mais recentes primeiro.

Revisão: 0027
Anterior: 0026
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

LOTE = 5000


def upgrade() -> None:
    from farol.relogio import data_local
    from farol.store.tipos import InstanteUTC

    op.add_column("inspecao", sa.Column("data", sa.Date(), nullable=True))
    inspecao = sa.table(
        "inspecao",
        sa.column("id", sa.Integer()),
        sa.column("data_hora", InstanteUTC()),
        sa.column("data", sa.Date()),
    )
    conexao = op.get_bind()
    ultimo = 0
    while True:
        linhas = conexao.execute(
            sa.select(inspecao.c.id, inspecao.c.data_hora)
            .where(inspecao.c.id > ultimo)
            .order_by(inspecao.c.id)
            .limit(LOTE)
        ).all()
        if not linhas:
            break
        conexao.execute(
            sa.update(inspecao)
            .where(inspecao.c.id == sa.bindparam("b_id"))
            .values(data=sa.bindparam("b_data")),
            [{"b_id": i, "b_data": data_local(instante)} for i, instante in linhas],
        )
        ultimo = linhas[-1][0]
    op.create_index("ix_inspecao_om_id_data", "inspecao", ["om_id", "data"], unique=False)
    op.create_index(
        "ix_medida_em_vigor",
        "medida_administrativa",
        ["tipo", "aplicada_em"],
        unique=False,
        sqlite_where=sa.text("suspensa_em IS NULL"),
        postgresql_where=sa.text("suspensa_em IS NULL"),
    )
    op.create_index(
        "ix_constatacao_inspecao_id_infracao",
        "constatacao",
        ["inspecao_id", "infracao"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index("ix_medida_em_vigor", table_name="medida_administrativa")
    op.drop_index("ix_constatacao_inspecao_id_infracao", table_name="constatacao")
    op.drop_index("ix_inspecao_om_id_data", table_name="inspecao")
    with op.batch_alter_table("inspecao") as lote:
        lote.drop_column("data")
