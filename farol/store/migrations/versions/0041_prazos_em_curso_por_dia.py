"""O contador de prazos em curso por OM e dia de vencimento (issue 13, item 2), medido a 1
milhão de processos no PostgreSQL.

- `prazos_em_curso_por_dia (om_id, vencimento, quantidade)`: o painel conta os prazos em curso
  que vencem num período (hoje, os próximos 7 dias, os já vencidos) somando estas linhas, uma
  por OM e dia, em vez de contar os prazos da jurisdição no índice: no DPC, os vencidos do país
  eram 881 mil entradas de `ix_prazo_em_curso_por_om` (42–66 ms, o painel nacional em 100–140 ms
  numa máquina de 2 núcleos). Preenchida aqui pela contagem dos prazos em curso.
- Mantido pelo banco, na transação que abre, encerra ou muda o vencimento de um prazo (o
  recálculo noturno inclusive), por gatilhos em `prazo`, nos dois bancos, como o contador dos
  processos por estado (0037):
  - PostgreSQL: `farol_conta_prazos()` soma -1 no dia de antes e +1 no de depois, sempre na ordem
    da chave (duas transações que trocam prazos de dia em sentidos opostos não se bloqueiam). Com
    `farol.contagem_em_lote` ligado na transação (a carga em massa, por COPY), o gatilho deixa a
    conta para ela, que soma o lote inteiro num comando;
  - SQLite: gatilhos com o mesmo efeito.

Atenção: no SQLite, recriar `prazo` numa migração futura (modo batch) apaga os gatilhos; a
migração que o fizer tem de recriá-los como aqui (tests/integration/test_prazos_por_dia.py
confere que estão lá).

Revisão: 0041
Anterior: 0040
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0041"
down_revision: str | None = "0040"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PREENCHER = (
    "INSERT INTO prazos_em_curso_por_dia (om_id, vencimento, quantidade)"
    " SELECT om_id, vencimento, count(*) FROM prazo WHERE encerrado_em IS NULL"
    " GROUP BY om_id, vencimento"
)

SOMA_PG = """
CREATE FUNCTION farol_soma_prazos(p_om integer, p_vencimento date, p_delta integer)
RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF p_delta > 0 THEN
        INSERT INTO prazos_em_curso_por_dia (om_id, vencimento, quantidade)
        VALUES (p_om, p_vencimento, p_delta)
        ON CONFLICT (om_id, vencimento)
        DO UPDATE SET quantidade = prazos_em_curso_por_dia.quantidade + EXCLUDED.quantidade;
    ELSE  -- o dia de um prazo em curso existe: só se subtrai (nunca se cria negativa)
        UPDATE prazos_em_curso_por_dia SET quantidade = quantidade + p_delta
        WHERE om_id = p_om AND vencimento = p_vencimento;
    END IF;
END;
$$
"""

CONTA_PG = """
CREATE FUNCTION farol_conta_prazos() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    sai boolean := false;    -- o prazo de antes estava em curso
    entra boolean := false;  -- o de depois está em curso
BEGIN
    IF current_setting('farol.contagem_em_lote', true) = 'sim' THEN
        RETURN NULL;  -- a carga em massa soma o lote inteiro
    END IF;
    IF TG_OP <> 'INSERT' THEN
        sai := OLD.encerrado_em IS NULL;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        entra := NEW.encerrado_em IS NULL;
    END IF;
    IF sai AND entra AND (OLD.om_id, OLD.vencimento) = (NEW.om_id, NEW.vencimento) THEN
        RETURN NULL;
    END IF;
    IF sai AND entra AND (OLD.om_id, OLD.vencimento) > (NEW.om_id, NEW.vencimento) THEN
        PERFORM farol_soma_prazos(NEW.om_id, NEW.vencimento, 1);
        PERFORM farol_soma_prazos(OLD.om_id, OLD.vencimento, -1);
        RETURN NULL;
    END IF;
    IF sai THEN
        PERFORM farol_soma_prazos(OLD.om_id, OLD.vencimento, -1);
    END IF;
    IF entra THEN
        PERFORM farol_soma_prazos(NEW.om_id, NEW.vencimento, 1);
    END IF;
    RETURN NULL;
END;
$$
"""

GATILHOS_PG = (
    "CREATE TRIGGER prazos_em_curso_inclusao AFTER INSERT OR DELETE ON prazo"
    " FOR EACH ROW EXECUTE FUNCTION farol_conta_prazos()",
    "CREATE TRIGGER prazos_em_curso_alteracao AFTER UPDATE OF om_id, vencimento, encerrado_em"
    " ON prazo FOR EACH ROW WHEN ((OLD.om_id, OLD.vencimento, OLD.encerrado_em IS NULL)"
    " IS DISTINCT FROM (NEW.om_id, NEW.vencimento, NEW.encerrado_em IS NULL))"
    " EXECUTE FUNCTION farol_conta_prazos()",
)

_MAIS_UM_SQLITE = (
    "INSERT INTO prazos_em_curso_por_dia (om_id, vencimento, quantidade)"
    " VALUES (NEW.om_id, NEW.vencimento, 1)"
    " ON CONFLICT (om_id, vencimento) DO UPDATE SET quantidade = quantidade + 1;"
)
_MENOS_UM_SQLITE = (
    "UPDATE prazos_em_curso_por_dia SET quantidade = quantidade - 1"
    " WHERE om_id = OLD.om_id AND vencimento = OLD.vencimento;"
)
_MUDOU_SQLITE = (
    "(OLD.om_id IS NOT NEW.om_id OR OLD.vencimento IS NOT NEW.vencimento"
    " OR (OLD.encerrado_em IS NULL) IS NOT (NEW.encerrado_em IS NULL))"
)
GATILHOS_SQLITE = (
    "CREATE TRIGGER prazos_em_curso_inclusao AFTER INSERT ON prazo"
    f" WHEN NEW.encerrado_em IS NULL BEGIN {_MAIS_UM_SQLITE} END",
    "CREATE TRIGGER prazos_em_curso_exclusao AFTER DELETE ON prazo"
    f" WHEN OLD.encerrado_em IS NULL BEGIN {_MENOS_UM_SQLITE} END",
    "CREATE TRIGGER prazos_em_curso_saida AFTER UPDATE OF om_id, vencimento, encerrado_em"
    f" ON prazo WHEN OLD.encerrado_em IS NULL AND {_MUDOU_SQLITE} BEGIN {_MENOS_UM_SQLITE} END",
    "CREATE TRIGGER prazos_em_curso_entrada AFTER UPDATE OF om_id, vencimento, encerrado_em"
    f" ON prazo WHEN NEW.encerrado_em IS NULL AND {_MUDOU_SQLITE} BEGIN {_MAIS_UM_SQLITE} END",
)
NOMES_SQLITE = (
    "prazos_em_curso_inclusao",
    "prazos_em_curso_exclusao",
    "prazos_em_curso_saida",
    "prazos_em_curso_entrada",
)


def upgrade() -> None:
    op.create_table(
        "prazos_em_curso_por_dia",
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("vencimento", sa.Date(), nullable=False),
        sa.Column("quantidade", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["om_id"], ["om.id"], name=op.f("fk_prazos_em_curso_por_dia_om_id_om")
        ),
        sa.PrimaryKeyConstraint("om_id", "vencimento", name=op.f("pk_prazos_em_curso_por_dia")),
    )
    op.execute(PREENCHER)
    if op.get_bind().dialect.name == "postgresql":
        op.execute(SOMA_PG)
        op.execute(CONTA_PG)
        for gatilho in GATILHOS_PG:
            op.execute(gatilho)
    else:
        for gatilho in GATILHOS_SQLITE:
            op.execute(gatilho)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER prazos_em_curso_inclusao ON prazo")
        op.execute("DROP TRIGGER prazos_em_curso_alteracao ON prazo")
        op.execute("DROP FUNCTION farol_conta_prazos()")
        op.execute("DROP FUNCTION farol_soma_prazos(integer, date, integer)")
    else:
        for nome in NOMES_SQLITE:
            op.execute(f"DROP TRIGGER {nome}")
    op.drop_table("prazos_em_curso_por_dia")
