"""Valores e citações legais só vêm dos dados: nada de número nem de citação digitados no código.

Percorre com `ast` o código de `farol/rules/` e `farol/services/` e falha, listando cada
arquivo:linha, em

(a) literal numérico (int ou float) fora dos estruturais {0, 1, -1}: um prazo, uma janela de
    meses, um teto ou um multiplicador escrito no código diverge dos YAML versionados e citados
    de `farol/normas/dados/`. São estruturais, e por isso aceitos sem lista, também os números
    em posição de índice ou de fatia (`x[3:6]`, `texto[:1]`: posições num texto, não valores) e
    as restrições de tamanho de campo de entrada (`Field(max_length=60)` e afins), que limitam
    o que o formulário aceita e não o que a lei manda. Os demais números que não são da lei
    (aritmética de calendário, unidades, limites operacionais, dados fictícios da demonstração)
    estão em `NUMEROS_PERMITIDOS`, por arquivo e escopo, cada um com o porquê;

(b) texto que cita a lei ("art. 10", "§ 1º", "item 3.6.1", "LESTA ...", "(RLESTA ...",
    "NORMAM-07/DPC, ...", "Lei 9.873/1999 ...") fora de docstring: a citação vem de
    `farol.normas.citacoes.citacao(...)` ou de um item dos dados, com `.referencia()`. Ids de
    infração ("RLESTA.16.II") são endereços legais, não citações, e passam.

Docstrings e comentários podem (e devem) citar a lei: ficam de fora.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
PASTAS = ("farol/rules", "farol/services")

NUMEROS_ESTRUTURAIS = frozenset({0, 1, -1})  # zero, identidade/passo, último índice e sinal
RESTRICOES_DE_CAMPO = frozenset(
    {"min_length", "max_length", "max_digits", "decimal_places", "ge", "gt", "le", "lt"}
)


@dataclass(frozen=True)
class Permissao:
    """Os números aceitos num escopo (`None`: qualquer um) e por que não são valores da lei."""

    valores: frozenset[float] | None
    motivo: str


def _p(motivo: str, *valores: float) -> Permissao:
    return Permissao(frozenset(valores), motivo)


# (arquivo, escopo) -> os números aceitos ali e o porquê. O escopo é a função ou a classe (com
# "." para as aninhadas: "emitir_documento.fazer") ou o nome da constante de módulo, e cobre o
# que estiver dentro dele; "*" é o arquivo inteiro. Só os valores listados passam: outro número
# no mesmo escopo (um prazo, uma janela) ainda falha.
NUMEROS_PERMITIDOS: dict[tuple[str, str], Permissao] = {
    # --- services: tamanhos de lote e de cache, formato de data (não são valores da lei)
    ("farol/services/estatisticas.py", "LISTA_DE_IDS"): _p("ids numa lista IN do banco", 1000),
    ("farol/services/estatistica_mensal.py", "CARACTERES_DO_MES"): _p('"AAAA-MM" de data ISO', 7),
    ("farol/services/estatistica_mensal.py", "_ultimo_dia"): _p("dia 28 + 4 passa do mês", 28, 4),
    ("farol/services/jurisdicao.py", "_MAXIMO_DE_ARVORES"): _p("árvores de OMs em memória", 32),
    ("farol/services/resumo_processo.py", "LOTE"): _p("processos por comando do resumo", 500),
    ("farol/services/documentos.py", "LETRAS_DO_CODIGO"): _p(
        "código de verificação do documento: três grupos de quatro", 12
    ),
    ("farol/services/carga_em_massa.py", "PESO_DO_TIPO_DE_OM"): _p(
        "distribuição dos processos sintéticos entre as OMs da carga", 3
    ),
    ("farol/services/carga_em_massa.py", "carregar_em_massa"): _p(
        "ANALYZE a cada vez que os processos dobram", 2
    ),
    # --- rules: aritmética de calendário
    ("farol/rules/calendario.py", "PRIMEIRO_DIA"): _p("início do calendário calculado", 1990),
    ("farol/rules/calendario.py", "ULTIMO_DIA"): _p("fim do calendário: 31/12/2100", 2100, 12, 31),
    ("farol/rules/calendario.py", "_FIM_DE_SEMANA"): _p("weekday(): sábado e domingo", 5, 6),
    ("farol/rules/calendario.py", "_construir"): _p("dias da semana; úteis < 5; cache", 5, 7, 64),
    ("farol/rules/calendario.py", "pascoa"): _p(
        "algoritmo de Meeus/Jones/Butcher da Páscoa",
        *(2, 3, 4, 7, 8, 11, 15, 19, 22, 25, 30, 31, 32, 100, 114, 451),
    ),
    ("farol/rules/prazos.py", "_somar_anos"): _p("meses por ano na soma de data a data", 12),
    ("farol/rules/reincidencia.py", "MESES_NO_ANO"): _p("meses por ano (calendário)", 12),
    ("farol/rules/medidas.py", "aniversario"): _p("março: o 29/02 sem par vira 01/03", 3),
    ("farol/rules/medidas.py", "anos_vencida_de_datas"): _p("centésimos de ano", 99, 100, -2),
    ("farol/rules/medidas.py", "_validar_infracao"): _p("pontos de um id com inciso", 2),
    # --- services: unidades, formatos e limites operacionais (não legais)
    ("farol/services/anexos.py", "_tamanho"): _p("bytes por KiB", 1024),
    ("farol/services/anexos.py", "nome_seguro"): _p("caracteres de nome de arquivo", 250, 255),
    ("farol/services/busca.py", "LIMITE"): _p("resultados por busca", 50),
    ("farol/services/busca.py", "TAMANHO_MINIMO"): _p("letras mínimas de um termo", 2),
    ("farol/services/busca.py", "buscar_embarcacoes"): _p("sugestões por busca", 8),
    ("farol/services/busca.py", "documento_do_termo"): _p("dígitos de CPF e de CNPJ", 11, 14),
    ("farol/services/consultas.py", "listar_processos"): _p("processos por página", 100),
    ("farol/services/consultas.py", "alertas_prescricao"): _p("antecedência do alerta", 180),
    ("farol/services/documentos.py", "_codigo"): _p("letras do código de verificação", 12),
    ("farol/services/documentos.py", "descrever"): _p("janela de atos posteriores", 36500),
    ("farol/services/documentos.py", "emitir_documento.fazer"): _p("HTTP 201 Created", 201),
    ("farol/services/estatisticas.py", "MAXIMO_DIAS"): _p("período máximo (5 anos)", 366, 5),
    ("farol/services/estatisticas.py", "periodo_padrao"): _p("12 meses do painel", 11),
    ("farol/services/estatisticas.py", "calcular"): _p("margem de fuso na consulta", 2),
    ("farol/services/inspecoes.py", "TOLERANCIA_RELOGIO"): _p("relógio do celular (min)", 5),
    ("farol/services/inspecoes.py", "registrar"): _p("HTTP 201 Created", 201),
    ("farol/services/procedimentos.py", "abrir"): _p("HTTP 201 Created", 201),
    ("farol/services/limites.py", "MuitasTentativas.__init__"): _p("segundos por minuto", 60),
    ("farol/services/limites.py", "ConsultasDemais.__init__"): _p("segundos por minuto", 60),
    ("farol/services/acessos.py", "listar"): _p("leituras por página", 100),
    ("farol/services/limites.py", "limitadores_padrao"): _p(
        "tentativas e janela, em minutos", 10, 15, 20, 30, 60
    ),
    ("farol/services/limites.py", "LIMPEZA_A_CADA"): _p("gravações entre limpezas", 256),
    ("farol/services/limites.py", "LimitadorNoBanco._travar"): _p(
        "15 dígitos hexadecimais do SHA-256 cabem no bigint da trava", 15, 16
    ),
    ("farol/services/autenticacao.py", "abrir_sessao"): _p("bytes aleatórios da chave", 32),
    ("farol/services/autenticacao.py", "ator_da_sessao"): _p("renovar a 1/10 da ociosidade", 10),
    ("farol/services/senhas.py", "ESPERA_PADRAO_S"): _p("segundos de espera pela vaga", 5.0),
    ("farol/services/painel.py", "DIAS_DA_SEMANA"): _p("dias da semana", 7),
    ("farol/services/painel.py", "ANTECEDENCIA_PRESCRICAO"): _p("antecedência do alerta", 180),
    ("farol/services/painel.py", "INICIO_DOS_TEMPOS"): _p("data sentinela", 1900),
    ("farol/services/processos.py", "registrar.fazer"): _p("HTTP 201 Created", 201),
    ("farol/services/agenda.py", "criar_token"): _p("bytes aleatórios do token do feed", 32),
    ("farol/services/cadastro.py", "MOTIVO_MINIMO"): _p("letras mínimas do motivo", 10),
    ("farol/services/cadastro.py", "ENDERECO_MINIMO"): _p("letras mínimas de um endereço", 10),
    ("farol/services/cadastro.py", "LIMITE_PROCESSOS"): _p("processos listados por pessoa", 50),
    ("farol/services/cadastro.py", "CorrecaoDePessoa._nome"): _p("palavras de um nome", 2),
    ("farol/services/cadastro.py", "CorrecaoDePessoa._telefone"): _p("dígitos de telefone", 8, 15),
    ("farol/services/custodia.py", "_instante_do_dia"): _p("meio-dia de um dia passado", 12),
    ("farol/services/custodias.py", "abrir"): _p("HTTP 201 Created", 201),
    ("farol/services/embarcacoes.py", "INSCRICAO_MINIMA"): _p("caracteres da inscrição", 3),
    ("farol/services/embarcacoes.py", "INSCRICAO_MAXIMA"): _p("caracteres da inscrição", 30),
    ("farol/services/fotos_inspecao.py", "DESCRICAO_MAXIMA"): _p("caracteres da legenda", 500),
    ("farol/services/fotos_inspecao.py", "TOLERANCIA_RELOGIO"): _p("relógio do celular (min)", 5),
    ("farol/services/inspecoes.py", "PRECISAO_MAXIMA_M"): _p("precisão do GPS (m) aceita", 1e6),
    ("farol/services/resumo_diario.py", "DIAS_DE_ANTECEDENCIA"): _p("janela do resumo (dias)", 7),
    ("farol/services/usuarios.py", "MAXIMO_EMAIL"): _p("tamanho de e-mail (RFC 5321)", 254),
    ("farol/services/demo.py", "*"): Permissao(None, "dados fictícios da demonstração"),
}

_LEI = r"(?:LESTA|RLESTA|NORMAM|Lei)"
CITACAO = re.compile(
    r"(?i:\barts?\.\s*\d)"  # "art. 10", "arts. 16"
    r"|§\s*\d"  # "§ 1º"
    r"|\bitem\s+\d+(?:\.\d+)+"  # "item 3.6.1"
    rf"|^\s*{_LEI}(?:-[\w/]+)?[\s,(]"  # "LESTA art. ...", "NORMAM-07/DPC, ...", "Lei 9.873"
    rf"|\(\s*{_LEI}\s"  # " (RLESTA art. " num f-string
)


@dataclass(frozen=True)
class Achado:
    arquivo: str
    linha: int
    escopo: str
    valor: object

    def __str__(self) -> str:
        return f"{self.arquivo}:{self.linha}: {self.valor!r} (em {self.escopo})"


def _arquivos() -> list[Path]:
    return sorted(p for pasta in PASTAS for p in (RAIZ / pasta).rglob("*.py"))


def _docstrings(arvore: ast.Module) -> set[int]:
    ids = set()
    for no in ast.walk(arvore):
        if isinstance(no, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            primeiro = no.body[0] if no.body else None
            if (
                isinstance(primeiro, ast.Expr)
                and isinstance(primeiro.value, ast.Constant)
                and isinstance(primeiro.value.value, str)
            ):
                ids.add(id(primeiro.value))
    return ids


def _percorrer(
    no: ast.AST, escopo: tuple[str, ...], pais: dict[int, ast.AST]
) -> Iterator[tuple[ast.AST, tuple[str, ...]]]:
    for filho in ast.iter_child_nodes(no):
        pais[id(filho)] = no
        interno = escopo
        if isinstance(filho, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            interno = (*escopo, filho.name)
        elif isinstance(no, ast.Module) and isinstance(filho, ast.Assign | ast.AnnAssign):
            alvos = filho.targets if isinstance(filho, ast.Assign) else [filho.target]
            nomes = [a.id for a in alvos if isinstance(a, ast.Name)]
            interno = (*escopo, *nomes[:1])
        yield filho, interno
        yield from _percorrer(filho, interno, pais)


def _negativo(no: ast.Constant, pais: dict[int, ast.AST]) -> bool:
    pai = pais.get(id(no))
    return isinstance(pai, ast.UnaryOp) and isinstance(pai.op, ast.USub)


def _estrutural(no: ast.Constant, pais: dict[int, ast.AST]) -> bool:
    pai = pais.get(id(no))
    alvo: ast.AST = no
    if _negativo(no, pais):
        assert pai is not None
        alvo, pai = pai, pais.get(id(pai))
    if isinstance(pai, ast.Slice) or (isinstance(pai, ast.Subscript) and pai.slice is alvo):
        return True
    return isinstance(pai, ast.keyword) and pai.arg in RESTRICOES_DE_CAMPO


def _permitido(arquivo: str, escopo: tuple[str, ...], valor: float) -> bool:
    chaves = ["*", *(".".join(escopo[:n]) for n in range(1, len(escopo) + 1))]
    for chave in chaves:
        permissao = NUMEROS_PERMITIDOS.get((arquivo, chave))
        if permissao is not None and (permissao.valores is None or valor in permissao.valores):
            return True
    return False


def _achados() -> tuple[list[Achado], list[Achado]]:
    numeros: list[Achado] = []
    citacoes: list[Achado] = []
    for caminho in _arquivos():
        arquivo = caminho.relative_to(RAIZ).as_posix()
        arvore = ast.parse(caminho.read_text(encoding="utf-8"), filename=arquivo)
        docstrings = _docstrings(arvore)
        pais: dict[int, ast.AST] = {}
        for no, escopo in _percorrer(arvore, (), pais):
            if not isinstance(no, ast.Constant):
                continue
            nome = ".".join(escopo) or "<módulo>"
            valor = no.value
            if isinstance(valor, int | float) and not isinstance(valor, bool):
                valor = -valor if _negativo(no, pais) else valor
                if valor in NUMEROS_ESTRUTURAIS or _estrutural(no, pais):
                    continue
                if not _permitido(arquivo, escopo, valor):
                    numeros.append(Achado(arquivo, no.lineno, nome, valor))
            elif isinstance(valor, str) and id(no) not in docstrings and CITACAO.search(valor):
                citacoes.append(Achado(arquivo, no.lineno, nome, valor))
    return numeros, citacoes


def test_nenhum_numero_legal_digitado_em_rules_e_services() -> None:
    numeros, _ = _achados()
    assert not numeros, (
        "números digitados no código (o valor legal vem de farol/normas/dados/; se o número não "
        "é da lei, acrescente-o a NUMEROS_PERMITIDOS com o porquê):\n"
        + "\n".join(str(a) for a in numeros)
    )


def test_nenhuma_citacao_digitada_em_rules_e_services() -> None:
    _, citacoes = _achados()
    assert not citacoes, (
        "citações digitadas no código (use farol.normas.citacoes.citacao(...) ou a fonte do "
        "item dos dados, com .referencia()):\n" + "\n".join(str(a) for a in citacoes)
    )


def test_toda_permissao_aponta_para_codigo_que_existe() -> None:
    """Uma permissão órfã (arquivo ou escopo renomeado) cobriria código novo sem ninguém ver."""
    escopos: dict[str, set[str]] = {}
    for caminho in _arquivos():
        arquivo = caminho.relative_to(RAIZ).as_posix()
        arvore = ast.parse(caminho.read_text(encoding="utf-8"))
        nomes = escopos.setdefault(arquivo, {"*"})
        for _, escopo in _percorrer(arvore, (), {}):
            nomes.update(".".join(escopo[:n]) for n in range(1, len(escopo) + 1))
    orfas = [f"{a} :: {e}" for a, e in NUMEROS_PERMITIDOS if e not in escopos.get(a, set())]
    assert not orfas, "permissões sem código correspondente:\n" + "\n".join(orfas)


def test_o_detector_acha_numero_e_citacao_digitados() -> None:
    """O próprio detector: o que ele deve recusar e o que deve deixar passar."""
    for texto in (
        "RLESTA art. 7º, § 3º",
        " (RLESTA art. 10)",
        "LESTA arts. 16, II, e 17; ",
        "Lei 9.873/1999 art. 1º, § 1º",
        "NORMAM 2023 item 3.3.1",
        "NORMAM-07/DPC, item 0309",
        "prazo encerrado (NORMAM 3.6.4 a)",
        "suspensão limitada (LESTA art. ",
    ):
        assert CITACAO.search(texto), texto
    for texto in ("RLESTA.16.II", "LESTA.4-A", "prazo.lesta.defesa", "artigo", "NORMAM-2023"):
        assert not CITACAO.search(texto), texto
