"""Todo comando da CLI sai com código diferente de zero quando falha, para que um agendamento
(cron, systemd) alarme (issue 14, ponto 1). Um caso de falha por comando folha, e um teste que
confere que nenhum comando da CLI ficou sem caso."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from farol.cli.main import app

SEM_BANCO = "postgresql+psycopg://farol@127.0.0.1:1/nenhum"  # porta 1: conexão recusada
FAROL = [sys.executable, "-m", "farol"]

# comando -> argumentos que falham e o código esperado (2: entrada inválida; 1: falha do banco)
CASOS: dict[str, tuple[list[str], int, str]] = {
    "infracoes": (["infracoes", "--formato", "x"], 2, "opção desconhecida"),
    "penalidade": (["penalidade", "RLESTA.99"], 2, "infração desconhecida"),
    "prazo": (["prazo", "nada", "--inicio", "2026-01-01"], 2, "etapa desconhecida"),
    "medidas": (["medidas"], 2, "JSON malformado"),
    "demo": (["demo", "--database-url", SEM_BANCO], 1, "banco de dados"),
    "documento": (
        ["documento", "1", "auto_de_infracao", "-o", "x.pdf", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "docs": (["docs", "--pasta", "/nao/existe"], 2, "pasta da documentação"),
    "db upgrade": (["db", "upgrade", "--database-url", SEM_BANCO], 1, "banco de dados"),
    "auditoria verificar": (["auditoria", "verificar", "--database-url", SEM_BANCO], 1, "banco"),
    "auditoria ancorar": (["auditoria", "ancorar", "--database-url", SEM_BANCO], 2, "pasta"),
    "auditoria chave": (["auditoria", "chave", "/proc/farol-chave"], 2, "não foi possível gravar"),
    "backup": (["backup", "x.backup", "--database-url", "sqlite://"], 2, "em memória"),
    "restore": (["restore", "nao-existe.backup"], 2, "não foi possível ler"),
    "prazos recalcular": (
        ["prazos", "recalcular", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "db resumos": (["db", "resumos", "--database-url", SEM_BANCO], 1, "banco de dados"),
    "db papeis": (["db", "papeis", "--aplicacao", "Farol App"], 2, "não é um nome simples"),
    "om endereco": (
        ["om", "endereco", "CPSC", "--bairro", "Centro", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "resumo-diario": (["resumo-diario", "--data", "2026-02-30"], 2, "data inválida"),
    "usuario email": (
        ["usuario", "email", "autoridade", "a@b.br", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "om fechamento": (
        ["om", "fechamento", "CPSC", "2026-13-01", "--motivo", "x", "--database-url", SEM_BANCO],
        2,
        "data inválida",
    ),
    "om criar": (
        ["om", "criar", "CPXX", "--nome", "x", "--tipo", "XX", "--uf", "SC", "--municipio", "y"],
        2,
        "tipo de OM desconhecido",
    ),
    "usuario criar": (
        ["usuario", "criar", "novo", "--nome", "x", "--papel", "nenhum", "--om", "CPSC"],
        2,
        "papel desconhecido",
    ),
    "usuario senha": (  # a entrada padrão ("{") é a senha: curta demais
        ["usuario", "senha", "autoridade", "--senha-stdin", "--database-url", SEM_BANCO],
        2,
        "no mínimo 12 caracteres",
    ),
    "usuario desativar": (
        ["usuario", "desativar", "autoridade", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "usuario ativar": (
        ["usuario", "ativar", "autoridade", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
    "usuario historico": (
        ["usuario", "historico", "autoridade", "--database-url", SEM_BANCO],
        1,
        "banco de dados",
    ),
}


def _comandos_folha() -> set[str]:
    """Os comandos da CLI que se executam (os grupos `db`, `auditoria`, `om` contam pelos seus)."""
    grupo = typer.main.get_command(app)
    folhas: set[str] = set()

    def percorrer(cmd: object, prefixo: str) -> None:
        filhos = getattr(cmd, "commands", None)
        if not filhos:
            folhas.add(prefixo)
            return
        for nome, filho in filhos.items():
            percorrer(filho, f"{prefixo} {nome}".strip())

    percorrer(grupo, "")
    return folhas


def test_todo_comando_tem_um_caso_de_falha() -> None:
    assert _comandos_folha() == set(CASOS) | {"serve"}


@pytest.mark.parametrize("comando", sorted(CASOS))
def test_comando_que_falha_sai_com_codigo_diferente_de_zero(comando: str, tmp_path: Path) -> None:
    argumentos, codigo, trecho = CASOS[comando]
    r = subprocess.run(
        [*FAROL, *argumentos], input="{", capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert r.returncode == codigo, r.stderr
    assert trecho in r.stderr
    assert r.stderr.startswith("erro: ")  # uma linha em português, sem traceback


def test_serve_com_a_porta_ocupada_sai_com_codigo_diferente_de_zero(tmp_path: Path) -> None:
    with socket.socket() as ocupada:
        ocupada.bind(("127.0.0.1", 0))
        ocupada.listen()
        porta = ocupada.getsockname()[1]
        r = subprocess.run(
            [*FAROL, "serve", "--porta", str(porta), "--database-url",
             f"sqlite:///{tmp_path / 'farol.db'}"],
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )  # fmt: skip
    assert r.returncode != 0
    assert "address already in use" in r.stderr.lower()


def test_auditoria_com_um_ato_adulterado_sai_com_1_e_nomeia_a_quebra(tmp_path: Path) -> None:
    """O caso da revisão de segurança: a cadeia quebrada precisa alarmar um agendamento."""
    import sqlite3

    url = f"sqlite:///{tmp_path / 'farol.db'}"
    demo = subprocess.run([*FAROL, "demo", "--database-url", url], capture_output=True,
                          text=True, timeout=300, cwd=tmp_path)  # fmt: skip
    assert demo.returncode == 0, demo.stderr
    integra = subprocess.run([*FAROL, "auditoria", "verificar", "--database-url", url],
                             capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert integra.returncode == 0 and "cadeias íntegras" in integra.stdout
    with sqlite3.connect(tmp_path / "farol.db") as con:  # alguém com acesso ao banco
        con.execute("UPDATE ato SET data_ato = '2000-01-01' WHERE id = (SELECT MIN(id) FROM ato)")
    quebrada = subprocess.run([*FAROL, "auditoria", "verificar", "--database-url", url],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert quebrada.returncode == 1
    assert "QUEBRA:" in quebrada.stdout


def test_serve_num_banco_postgresql_sem_as_migracoes_recusa_subir(
    url_banco_vazio: str, tmp_path: Path
) -> None:
    """Num esquema vazio (ou antigo) do PostgreSQL, que não se migra sozinho, o `farol serve`
    subia e respondia 500 em parte das rotas (tabela que não existe); agora sai com 2 e diz o
    que fazer."""
    if url_banco_vazio.startswith("sqlite"):
        pytest.skip("o SQLite desatualizado se migra sozinho ao subir")
    r = subprocess.run(
        [*FAROL, "serve", "--porta", "1", "--database-url", url_banco_vazio],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.startswith("erro: database_url:") and "farol db upgrade" in r.stderr


@pytest.mark.parametrize(
    ("variavel", "valor", "trecho"),
    [
        ("FAROL_BANCO_CONEXOES", "abc", "esperado um número inteiro"),
        ("FAROL_FUSO", "Marte/Base", "fuso horário desconhecido"),
        ("FAROL_SMTP_PORTA", "x", "esperado um número inteiro"),
    ],
)
def test_variavel_de_configuracao_invalida_e_nomeada_sem_traceback(
    variavel: str, valor: str, trecho: str, tmp_path: Path
) -> None:
    """Um FAROL_* com valor inválido saía num traceback em inglês sem o nome da variável."""
    import os

    comando = (
        ["resumo-diario", "--simular", "--database-url", f"sqlite:///{tmp_path / 'f.db'}"]
        if variavel != "FAROL_BANCO_CONEXOES"
        else ["db", "resumos", "--database-url", f"sqlite:///{tmp_path / 'f.db'}"]
    )
    r = subprocess.run(
        [*FAROL, *comando], capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, variavel: valor},
    )  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.startswith(f"erro: {variavel}: ") and trecho in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_limite_de_opcao_numerica_em_portugues(tmp_path: Path) -> None:
    """`--workers 0` dizia "Input should be greater than or equal to 1"."""
    r = subprocess.run([*FAROL, "serve", "--workers", "0"], capture_output=True, text=True,
                       timeout=60, cwd=tmp_path)  # fmt: skip
    assert r.returncode == 2
    assert r.stderr.strip() == "erro: workers: valor inválido (deve ser maior ou igual a 1)"


def test_demo_nao_migra_um_postgresql_de_revisao_antiga(url_banco_vazio: str, tmp_path: Path) -> None:
    """No PostgreSQL as migrações são um passo de quem administra (docs/banco.md): `farol demo`
    migrava em silêncio um banco de revisão antiga; agora recusa e diz o que fazer. O banco
    vazio (sem revisão) continua sendo preparado para a demonstração."""
    from farol.store.migrar import atualizar_banco, revisao_atual

    if url_banco_vazio.startswith("sqlite"):
        pytest.skip("o SQLite se migra sozinho")
    atualizar_banco(url_banco_vazio, "0035")
    r = subprocess.run([*FAROL, "demo", "--database-url", url_banco_vazio], capture_output=True,
                       text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert r.returncode == 2, r.stdout + r.stderr
    assert "revisão 0035" in r.stderr and "farol db upgrade" in r.stderr
    assert revisao_atual(url_banco_vazio) == "0035"
