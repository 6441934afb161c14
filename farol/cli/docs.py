"""`farol docs`: as partes geradas de docs/*.md, regeneradas ou conferidas por um só comando.

Cada região gerada é nomeada nos marcadores (`<!-- gerado: procedimento-lesta -->` ...
`<!-- fim: procedimento-lesta -->`) e tem aqui o seu gerador: os dados normativos, o quadro
de cada regime, as migrações do banco e os próprios comandos da CLI.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from typer.core import TyperArgument, TyperGroup, TyperOption

from farol.cli import regioes

PASTA_DOCS = Path(__file__).resolve().parents[2] / "docs"


@dataclass(frozen=True)
class Regiao:
    arquivo: str  # relativo à pasta da documentação
    nome: str
    gerar: Callable[[], str]


@dataclass(frozen=True)
class Problema:
    arquivo: Path
    regiao: str
    motivo: str


def catalogo(cli: object) -> list[Regiao]:
    """Toda região gerada da documentação, na ordem dos arquivos (`cli`: o comando raiz)."""
    from farol.domain.procedimento.carregar import carregar_regime, regimes_disponiveis
    from farol.normas.documentacao import tabela_grupos, tabela_infracoes
    from farol.normas.medidas import tabela_markdown as tabela_medidas

    def quadro(regime: str) -> Callable[[], str]:
        return lambda: carregar_regime(regime).como_tabela_markdown()

    return [
        Regiao("banco.md", "banco-migracoes", tabela_migracoes),
        Regiao("cli.md", "cli-comandos", lambda: tabela_comandos(cli)),
        Regiao("infracoes.md", "infracoes", tabela_infracoes),
        Regiao("infracoes.md", "grupos-multa", tabela_grupos),
        Regiao("medidas.md", "medidas", tabela_medidas),
        *(
            Regiao("procedimento.md", f"procedimento-{r}", quadro(r))
            for r in sorted(regimes_disponiveis())
        ),
    ]


def atualizar(pasta: Path, cli: object, *, gravar: bool) -> tuple[list[Problema], list[Problema]]:
    """(regiões desatualizadas — regravadas se `gravar` —, problemas que só a mão corrige)."""
    esperadas: dict[str, list[Regiao]] = {}
    for r in catalogo(cli):
        esperadas.setdefault(r.arquivo, []).append(r)
    desatualizadas: list[Problema] = []
    problemas: list[Problema] = []
    for nome in sorted({*esperadas, *(p.name for p in pasta.glob("*.md"))}):
        caminho = pasta / nome
        texto = caminho.read_text(encoding="utf-8") if caminho.is_file() else ""
        achadas, sem_fim = regioes.regioes(texto)
        problemas += [Problema(caminho, n, "marcador de início sem o de fim") for n in sem_fim]
        conhecidas = {r.nome for r in esperadas.get(nome, [])}
        problemas += [
            Problema(caminho, n, "região desconhecida (nenhum gerador com este nome)")
            for n in achadas
            if n not in conhecidas
        ]
        novo = texto
        for r in esperadas.get(nome, []):
            if r.nome not in achadas:
                if r.nome not in sem_fim:
                    inicio, fim = regioes.marcadores(r.nome)
                    problemas.append(
                        Problema(caminho, r.nome, f"região ausente: acrescente {inicio} e {fim}")
                    )
                continue
            gerado = r.gerar()
            if achadas[r.nome] != regioes.corpo(gerado):
                desatualizadas.append(Problema(caminho, r.nome, "desatualizada"))
                novo = regioes.substituir(novo, r.nome, gerado)
        if gravar and novo != texto:
            caminho.write_text(novo, encoding="utf-8")
    return desatualizadas, problemas


# --- geradores que não moram nos dados normativos -----------------------------------------


def tabela_migracoes() -> str:
    """Uma linha por migração do Alembic, da primeira à mais recente, com o seu docstring."""
    from alembic.script import ScriptDirectory

    from farol.store.migrar import configuracao_alembic

    scripts = reversed(list(ScriptDirectory.from_config(configuracao_alembic()).walk_revisions()))
    linhas = ["| revisão | arquivo | o que faz |", "| --- | --- | --- |"]
    for s in scripts:
        resumo = _celula(s.doc or "")
        linhas.append(f"| `{s.revision}` | `{Path(s.path).name}` | {resumo} |")
    return "\n".join(linhas)


def tabela_comandos(cli: object) -> str:
    """Um comando da CLI por linha: uso (argumentos e opções) e o primeiro parágrafo da ajuda."""
    linhas = ["| comando | o que faz |", "| --- | --- |"]
    for nome, cmd in _comandos(cli):
        ajuda = _celula((getattr(cmd, "help", None) or "").split("\n\n")[0])
        linhas.append(f"| `{_celula(_uso(nome, cmd))}` | {ajuda} |")
    return "\n".join(linhas)


def _comandos(cli: object) -> list[tuple[str, object]]:
    def descer(cmd: object, nome: str) -> Iterator[tuple[str, object]]:
        if isinstance(cmd, TyperGroup):
            for sub_nome, sub in cmd.commands.items():
                if not sub.hidden:
                    yield from descer(sub, f"{nome} {sub_nome}")
        else:
            yield nome, cmd

    return list(descer(cli, "farol"))


def _uso(nome: str, cmd: object) -> str:
    partes = [nome]
    for p in getattr(cmd, "params", []):
        if isinstance(p, TyperArgument):
            texto = p.metavar or (p.name or "").upper()
        elif isinstance(p, TyperOption) and not p.hidden:
            texto = p.opts[0] if p.is_flag else f"{p.opts[0]} {p.metavar or 'VALOR'}"
            texto += " ..." if p.multiple else ""
        else:
            continue
        partes.append(texto if p.required else f"[{texto}]")
    return " ".join(partes)


def _celula(texto: str) -> str:
    return " ".join(texto.split()).replace("|", "\\|")


def executar(pasta: Path | None, *, verificar: bool, cli: object) -> int:
    """O comando `farol docs`: imprime o que regenerou (ou o que está velho) e o código de saída."""
    pasta = pasta or PASTA_DOCS
    if not pasta.is_dir():
        print(f"erro: pasta da documentação não encontrada: {pasta}", file=sys.stderr)
        return 2
    desatualizadas, problemas = atualizar(pasta, cli, gravar=not verificar)
    for p in desatualizadas:
        rotulo = "desatualizada" if verificar else "regenerada"
        print(f"{rotulo}: {_mostrar(p.arquivo)} [{p.regiao}]")
    for p in problemas:
        print(f"erro: {_mostrar(p.arquivo)} [{p.regiao}]: {p.motivo}", file=sys.stderr)
    if verificar and desatualizadas:
        print("rode `farol docs` para regenerar", file=sys.stderr)
        return 1
    if problemas:
        return 1
    if not desatualizadas:
        print(f"documentação em dia: {len(catalogo(cli))} regiões geradas")
    return 0


def _mostrar(caminho: Path) -> str:
    try:
        return str(caminho.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(caminho)
