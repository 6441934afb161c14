"""O contador de processos por OM, regime e estado (issue 13, item 2), medido a 1 milhão de
processos no PostgreSQL.

- `processos_por_estado (om_id, regime, estado, quantidade)`: o painel (processos por estado) e
  a lista sem filtro de prazo (o total) somam estas linhas em vez de contar os processos da
  jurisdição (no DPC, a contagem por estado lia 1 milhão de entradas de índice: 120 a 170 ms);
  preenchida aqui pela contagem dos processos.
- Mantido pelo banco, na transação que abre o processo ou muda o seu estado, por gatilhos em
  `processo` (inclusão, exclusão e alteração de OM, regime ou estado), nos dois bancos:
  - PostgreSQL: `farol_conta_processos()` soma -1 na linha de antes (UPDATE) e +1 na de
    depois (INSERT ... ON CONFLICT), sempre na ordem da chave (dois atos simultâneos que
    trocam um processo de A para B e outro de B para A travam as linhas na mesma ordem e não
    se bloqueiam um ao outro). A carga em massa, que grava os processos por COPY, liga
    `farol.contagem_em_lote` na sua transação, e o gatilho deixa a conta para ela, que soma o
    lote inteiro num comando (`carga_em_massa`);
  - SQLite: três gatilhos com o mesmo efeito (um escritor por vez: sem ordem a guardar).

Atenção: no SQLite, recriar `processo` numa migração futura (modo batch) apaga os gatilhos;
a migração que o fizer tem de recriá-los como aqui (tests/integration/test_processos_por_estado.py
confere que estão lá).

Revisão: 0037
Anterior: 0036
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0037"
down_revision: str | None = "0036"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PREENCHER = (
    "INSERT INTO processos_por_estado (om_id, regime, estado, quantidade)"
    " SELECT om_id, regime, estado, count(*) FROM processo GROUP BY om_id, regime, estado"
)

SOMA_PG = """
CREATE FUNCTION farol_soma_processos(p_om integer, p_regime varchar, p_estado varchar,
                                     p_delta integer) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF p_delta > 0 THEN
        INSERT INTO processos_por_estado (om_id, regime, estado, quantidade)
        VALUES (p_om, p_regime, p_estado, p_delta)
        ON CONFLICT (om_id, regime, estado)
        DO UPDATE SET quantidade = processos_por_estado.quantidade + EXCLUDED.quantidade;
    ELSE  -- a linha de um processo que existe existe: só se subtrai (nunca se cria negativa)
        UPDATE processos_por_estado SET quantidade = quantidade + p_delta
        WHERE om_id = p_om AND regime = p_regime AND estado = p_estado;
    END IF;
END;
$$
"""

CONTA_PG = """
CREATE FUNCTION farol_conta_processos() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF current_setting('farol.contagem_em_lote', true) = 'sim' THEN
        RETURN NULL;  -- a carga em massa soma o lote inteiro
    END IF;
    IF TG_OP = 'INSERT' THEN
        PERFORM farol_soma_processos(NEW.om_id, NEW.regime, NEW.estado, 1);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM farol_soma_processos(OLD.om_id, OLD.regime, OLD.estado, -1);
    ELSIF (OLD.om_id, OLD.regime, OLD.estado) < (NEW.om_id, NEW.regime, NEW.estado) THEN
        PERFORM farol_soma_processos(OLD.om_id, OLD.regime, OLD.estado, -1);
        PERFORM farol_soma_processos(NEW.om_id, NEW.regime, NEW.estado, 1);
    ELSE
        PERFORM farol_soma_processos(NEW.om_id, NEW.regime, NEW.estado, 1);
        PERFORM farol_soma_processos(OLD.om_id, OLD.regime, OLD.estado, -1);
    END IF;
    RETURN NULL;
END;
$$
"""

GATILHOS_PG = (
    "CREATE TRIGGER processos_por_estado_inclusao AFTER INSERT OR DELETE ON processo"
    " FOR EACH ROW EXECUTE FUNCTION farol_conta_processos()",
    "CREATE TRIGGER processos_por_estado_alteracao AFTER UPDATE OF om_id, regime, estado"
    " ON processo FOR EACH ROW WHEN ((OLD.om_id, OLD.regime, OLD.estado) IS DISTINCT FROM"
    " (NEW.om_id, NEW.regime, NEW.estado)) EXECUTE FUNCTION farol_conta_processos()",
)

_MAIS_UM_SQLITE = (
    "INSERT INTO processos_por_estado (om_id, regime, estado, quantidade)"
    " VALUES (NEW.om_id, NEW.regime, NEW.estado, 1)"
    " ON CONFLICT (om_id, regime, estado) DO UPDATE SET quantidade = quantidade + 1;"
)
_MENOS_UM_SQLITE = (
    "UPDATE processos_por_estado SET quantidade = quantidade - 1"
    " WHERE om_id = OLD.om_id AND regime = OLD.regime AND estado = OLD.estado;"
)
GATILHOS_SQLITE = (
    "CREATE TRIGGER processos_por_estado_inclusao AFTER INSERT ON processo"
    f" BEGIN {_MAIS_UM_SQLITE} END",
    "CREATE TRIGGER processos_por_estado_exclusao AFTER DELETE ON processo"
    f" BEGIN {_MENOS_UM_SQLITE} END",
    "CREATE TRIGGER processos_por_estado_alteracao AFTER UPDATE OF om_id, regime, estado"
    " ON processo WHEN OLD.om_id IS NOT NEW.om_id OR OLD.regime IS NOT NEW.regime"
    f" OR OLD.estado IS NOT NEW.estado BEGIN {_MENOS_UM_SQLITE} {_MAIS_UM_SQLITE} END",
)
NOMES_SQLITE = (
    "processos_por_estado_inclusao",
    "processos_por_estado_exclusao",
    "processos_por_estado_alteracao",
)


def upgrade() -> None:
    op.create_table(
        "processos_por_estado",
        sa.Column("om_id", sa.Integer(), nullable=False),
        sa.Column("regime", sa.String(length=10), nullable=False),
        sa.Column("estado", sa.String(length=60), nullable=False),
        sa.Column("quantidade", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["om_id"], ["om.id"], name=op.f("fk_processos_por_estado_om_id_om")
        ),
        sa.PrimaryKeyConstraint("om_id", "regime", "estado", name=op.f("pk_processos_por_estado")),
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
        op.execute("DROP TRIGGER processos_por_estado_inclusao ON processo")
        op.execute("DROP TRIGGER processos_por_estado_alteracao ON processo")
        op.execute("DROP FUNCTION farol_conta_processos()")
        op.execute("DROP FUNCTION farol_soma_processos(integer, varchar, varchar, integer)")
    else:
        for nome in NOMES_SQLITE:
            op.execute(f"DROP TRIGGER {nome}")
    op.drop_table("processos_por_estado")
