"""As camadas do Farol: as dependências só descem, e nenhuma borda importa outra.

Lê os `import` de cada módulo de `farol/` (ast, sem importar nada) e monta o grafo entre os
pacotes de primeiro nível (`farol.api`, `farol.services`, ...). Falha nomeando o arquivo e a
linha de cada importação proibida.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2] / "farol"

BORDAS = {"api", "web", "cli"}
# O que cada pacote NÃO pode importar (as dependências apontam para baixo; ver DESIGN.md).
PROIBIDOS: dict[str, set[str]] = {
    "normas": {"rules", "domain", "services", "store", "pdf", "http", "app", *BORDAS},
    "rules": {"domain", "services", "store", "pdf", "http", "app", *BORDAS},
    "domain": {"services", "store", "pdf", "http", "app", *BORDAS},
    "store": {"services", "pdf", "http", "app", *BORDAS},
    "pdf": {"services", "store", "http", "app", *BORDAS},
    "services": {"http", "app", *BORDAS},
    "http": {"app", *BORDAS},
    "api": {"web", "cli", "app"},
    "web": {"api", "cli", "app"},
    "cli": {"api", "web"},
}


def _modulos() -> Iterator[Path]:
    for caminho in sorted(RAIZ.rglob("*.py")):
        if "migrations" in caminho.parts:
            continue
        yield caminho


def _pacote(caminho: Path) -> str:
    relativo = caminho.relative_to(RAIZ)
    return relativo.parts[0].removesuffix(".py") if relativo.parts else ""


def _so_para_tipos(arvore: ast.Module) -> set[int]:
    """Ids dos nós dentro de `if TYPE_CHECKING:` (não são importados ao rodar)."""
    ids: set[int] = set()
    for no in ast.walk(arvore):
        if (
            isinstance(no, ast.If)
            and isinstance(no.test, ast.Name)
            and no.test.id == "TYPE_CHECKING"
        ):
            ids |= {id(filho) for corpo in no.body for filho in ast.walk(corpo)}
    return ids


def _importados(caminho: Path) -> Iterator[tuple[int, str]]:
    arvore = ast.parse(caminho.read_text(encoding="utf-8"))
    ignorar = _so_para_tipos(arvore)
    for no in ast.walk(arvore):
        if id(no) in ignorar:
            continue
        if isinstance(no, ast.Import):
            for nome in no.names:
                yield no.lineno, nome.name
        elif isinstance(no, ast.ImportFrom) and no.module and no.level == 0:
            yield no.lineno, no.module


def _arestas() -> list[tuple[str, str, str]]:
    """(pacote de origem, pacote importado, "arquivo:linha") para cada import de farol.X."""
    arestas = []
    for caminho in _modulos():
        origem = _pacote(caminho)
        for linha, modulo in _importados(caminho):
            partes = modulo.split(".")
            if partes[0] != "farol" or len(partes) < 2:
                continue
            destino = partes[1]
            if destino != origem:
                arestas.append((origem, destino, f"{caminho.relative_to(RAIZ.parent)}:{linha}"))
    return arestas


def test_as_dependencias_so_descem_e_nenhuma_borda_importa_outra() -> None:
    violacoes = [
        f"{onde}: farol.{origem} importa farol.{destino}"
        for origem, destino, onde in _arestas()
        if destino in PROIBIDOS.get(origem, set())
    ]
    assert not violacoes, "importações proibidas:\n" + "\n".join(violacoes)


def test_nao_ha_ciclo_entre_os_pacotes() -> None:
    grafo: dict[str, set[str]] = {}
    for origem, destino, _ in _arestas():
        grafo.setdefault(origem, set()).add(destino)

    def alcanca(de: str, alvo: str, vistos: set[str]) -> bool:
        for proximo in grafo.get(de, set()):
            if proximo == alvo:
                return True
            if proximo not in vistos:
                vistos.add(proximo)
                if alcanca(proximo, alvo, vistos):
                    return True
        return False

    ciclos = sorted(p for p in grafo if alcanca(p, p, set()))
    assert not ciclos, f"pacotes num ciclo de importação: {', '.join(ciclos)}"


@pytest.mark.parametrize("borda", sorted(BORDAS))
def test_as_bordas_nao_abrem_transacao_nem_executam_sql(borda: str) -> None:
    """API, páginas e CLI entregam uma UnitOfWork ao serviço; não tocam em sessões nem SQL."""
    proibidos = {"sqlalchemy", "farol.store.orm", "farol.store.repositorio"}
    achados = []
    for caminho in sorted((RAIZ / borda).rglob("*.py")):
        for linha, modulo in _importados(caminho):
            if any(modulo == p or modulo.startswith(p + ".") for p in proibidos):
                achados.append(f"{caminho.relative_to(RAIZ.parent)}:{linha}: {modulo}")
        texto = caminho.read_text(encoding="utf-8")
        if ".unit_of_work(" in texto:
            achados.append(f"{caminho.relative_to(RAIZ.parent)}: abre unit_of_work")
    assert not achados, "\n".join(achados)


def _nome_do_modulo(caminho: Path) -> str:
    partes = caminho.relative_to(RAIZ.parent).with_suffix("").parts
    return ".".join(partes[:-1] if partes[-1] == "__init__" else partes)


def test_nao_ha_ciclo_entre_os_modulos() -> None:
    """Nem entre os serviços do processo: a leitura gravada está no repositório (store)."""
    nomes = {_nome_do_modulo(c): c for c in _modulos()}
    grafo = {
        nome: {m for _, m in _importados(c) if m in nomes and m != nome}
        for nome, c in nomes.items()
    }
    ciclos = []
    estado: dict[str, int] = {}  # 1 = visitando, 2 = terminado

    def visitar(no: str, pilha: list[str]) -> None:
        estado[no] = 1
        for proximo in sorted(grafo[no]):
            if estado.get(proximo) == 1:
                ciclos.append(" -> ".join([*pilha[pilha.index(proximo) :], proximo]))
            elif proximo not in estado:
                visitar(proximo, [*pilha, proximo])
        estado[no] = 2

    for nome in sorted(grafo):
        if nome not in estado:
            visitar(nome, [nome])
    assert not ciclos, "ciclos de importação:\n" + "\n".join(ciclos)
