"""O quadro é o vocabulário: nenhum módulo de farol/ repete em código um tipo de ato, um
estado ou um papel declarado nos dados (issue 8, item 1).

Os tipos de ato e os estados vêm de `farol/normas/dados/procedimento_<regime>.yaml`; os
papéis, de `farol/normas/dados/papeis.yaml`. Um serviço que precisa de uma categoria de atos
ou de estados pergunta ao quadro (`Maquina.tipos_com("impoe_penalidade")`,
`Maquina.estados_com("sem_debito")`); um que precisa de papéis pergunta às permissões
(`papeis_com("inspeciona")`). O teste percorre farol/ com `ast` e aponta arquivo:linha de toda
constante de texto igual a um desses ids, fora das docstrings. O que precisa ficar está em
`PERMITIDOS` (por arquivo e valor) ou em `ARQUIVOS_PERMITIDOS`, sempre com o motivo.
"""

from __future__ import annotations

import ast
from pathlib import Path

from farol.domain.papeis import PAPEIS
from farol.domain.procedimento.carregar import carregar_regimes

RAIZ = Path(__file__).resolve().parents[2]
PACOTE = RAIZ / "farol"
EXCLUIDOS = (PACOTE / "store" / "migrations",)  # migrações congeladas: não mudam mais

ETAPA = "etapa de prazo (prazo.<regime>.<etapa>), homônima do ato que a cumpre"
CHAVE = "chave do JSON de resposta (a pessoa autuada / o indicador de sobrestamento), não o estado"

ARQUIVOS_PERMITIDOS: dict[str, str] = {
    "farol/services/demo.py": "dados de demonstração: usuários de cada papel e cenários escritos "
    "como sequências de atos, com o estado esperado ao fim de cada um",
}
PERMITIDOS: dict[tuple[str, str], str] = {
    ("farol/services/resumo_processo.py", "encerrado"): "coluna do modelo de leitura "
    "(processo_resumo.encerrado: o estado é final em qualquer regime), não o estado da LESTA",
    ("farol/domain/procedimento/guardas.py", "defesa"): ETAPA,
    ("farol/domain/procedimento/guardas.py", "recurso"): ETAPA,
    ("farol/domain/procedimento/guardas.py", "recurso_final"): ETAPA,
    ("farol/domain/procedimento/guardas.py", "pagamento"): ETAPA,
    ("farol/services/montagem_documentos.py", "defesa"): ETAPA,
    ("farol/services/montagem_documentos.py", "recurso"): ETAPA,
    ("farol/services/montagem_documentos.py", "recurso_final"): ETAPA,
    ("farol/services/montagem_documentos.py", "pagamento"): ETAPA,
    ("farol/services/consultas.py", "pagamento"): ETAPA,
    ("farol/services/consulta_publica.py", "pagamento"): ETAPA,
    ("farol/normas/prazos.py", "recurso"): "instância recursal (dados/instancias.yaml), não o ato",
    ("farol/normas/prazos.py", "recurso_final"): "instância recursal (dados/instancias.yaml)",
    ("farol/pdf/dados.py", "notificacao_comparecimento"): "tipo de documento (Anexo A), "
    "homônimo do ato que ele materializa",
    ("farol/pdf/dados.py", "notificacao_retirada"): "tipo de documento (Anexo 3-C da NORMAM-07), "
    "homônimo do ato que ele materializa",
    ("farol/pdf/dados.py", "edital_leilao"): "tipo de documento (Anexo 3-G da NORMAM-07), "
    "homônimo do ato que ele materializa",
    ("farol/store/orm.py", "pagamento"): "nome da tabela `pagamento`",
    ("farol/services/consulta_publica.py", "autuado"): CHAVE,
    ("farol/services/consulta_publica.py", "sobrestado"): CHAVE,
    ("farol/services/leitura.py", "autuado"): CHAVE,
    ("farol/services/leitura.py", "sobrestado"): CHAVE,
    ("farol/services/inspecoes.py", "autuado"): CHAVE,
    ("farol/services/inspecao_do_processo.py", "autuado"): CHAVE,
    ("farol/pdf/exemplos.py", "autuado"): "chave dos textos de exemplo do PDF (a parte autuada)",
    ("farol/web/rotas/estatisticas.py", "consulta"): "variável do modelo da página (a query "
    "string do período), não o papel",
}


def vocabulario() -> dict[str, str]:
    """Cada id declarado nos dados -> o que ele é."""
    ids: dict[str, str] = {}
    for m in carregar_regimes():
        ids |= {t.tipo_ato: f"tipo de ato do regime {m.regime}" for t in m.transicoes}
        ids |= {e: f"estado do regime {m.regime}" for e in m.estados}
    ids |= {p: "papel (papeis.yaml)" for p in PAPEIS}
    return ids


def _docstrings(arvore: ast.AST) -> set[int]:
    """Os nós de texto que são docstrings (de módulo, classe, função ou atributo)."""
    return {
        id(no.value)
        for no in ast.walk(arvore)
        if isinstance(no, ast.Expr)
        and isinstance(no.value, ast.Constant)
        and isinstance(no.value.value, str)
    }


def achados(fonte: str, ids: dict[str, str]) -> list[tuple[int, str]]:
    """(linha, valor) de cada constante de texto do código igual a um id do vocabulário."""
    arvore = ast.parse(fonte)
    docstrings = _docstrings(arvore)
    return sorted(
        (no.lineno, no.value)
        for no in ast.walk(arvore)
        if isinstance(no, ast.Constant)
        and isinstance(no.value, str)
        and no.value in ids
        and id(no) not in docstrings
    )


def _modulos() -> list[Path]:
    return sorted(
        p
        for p in PACOTE.rglob("*.py")
        if not any(p.is_relative_to(excluido) for excluido in EXCLUIDOS)
    )


def _todos_os_achados() -> list[tuple[str, int, str]]:
    ids = vocabulario()
    saida = []
    for caminho in _modulos():
        relativo = caminho.relative_to(RAIZ).as_posix()
        for linha, valor in achados(caminho.read_text(encoding="utf-8"), ids):
            saida.append((relativo, linha, valor))
    return saida


def test_nenhum_modulo_repete_tipo_de_ato_estado_ou_papel_dos_dados() -> None:
    ids = vocabulario()
    fora = [
        f"{arquivo}:{linha}: {valor!r} ({ids[valor]})"
        for arquivo, linha, valor in _todos_os_achados()
        if arquivo not in ARQUIVOS_PERMITIDOS and (arquivo, valor) not in PERMITIDOS
    ]
    assert not fora, (
        "vocabulário do quadro repetido em código; pergunte ao quadro (Maquina.tipos_com, "
        "estados_com, tipos_que_materializam ...) ou às permissões (papeis_com), ou justifique "
        "em PERMITIDOS:\n" + "\n".join(fora)
    )


def test_toda_excecao_permitida_ainda_e_necessaria() -> None:
    usados = {(arquivo, valor) for arquivo, _, valor in _todos_os_achados()}
    arquivos = {arquivo for arquivo, _ in usados}
    sobras = [f"{a}: {v!r}" for a, v in PERMITIDOS if (a, v) not in usados]
    sobras += [a for a in ARQUIVOS_PERMITIDOS if a not in arquivos]
    assert not sobras, "exceções que o código já não precisa (retire-as):\n" + "\n".join(sobras)
    assert all(motivo.strip() for motivo in (*PERMITIDOS.values(), *ARQUIVOS_PERMITIDOS.values()))


def test_o_vocabulario_tem_atos_estados_e_papeis_dos_dados() -> None:
    ids = vocabulario()
    assert ids["julgamento_procedente"].startswith("tipo de ato")
    assert ids["quitado"].startswith("estado")
    assert ids["capitao_dos_portos"].startswith("papel")


def test_o_verificador_aponta_constantes_e_ignora_docstrings_e_comentarios() -> None:
    fonte = '''"""Módulo que cita "julgamento_procedente" na docstring."""
# comentário: "recurso"
X = ("julgamento_procedente", "outra_coisa")


def f(tipo: str) -> bool:
    """Docstring com quitado."""
    return tipo == "quitado" or f"{tipo}" == "dpc"
'''
    assert achados(fonte, vocabulario()) == [
        (3, "julgamento_procedente"),
        (8, "dpc"),
        (8, "quitado"),
    ]


def test_as_migracoes_congeladas_ficam_de_fora() -> None:
    assert not any(p.is_relative_to(PACOTE / "store" / "migrations") for p in _modulos())
    assert (PACOTE / "store" / "orm.py") in _modulos()
