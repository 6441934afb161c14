"""Ler formulários HTML e devolver os erros dos serviços ao lado do campo certo.

Os campos dos formulários têm o nome do campo do serviço em notação de pontos
(`dados.penalidades.0.multa`), e o erro do serviço (`ErroFarol.campo`) é o mesmo caminho:
o erro volta para o campo que o causou, com a mensagem em português que o serviço escreveu.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pydantic import ValidationError

from farol import entrada, formatos
from farol.erros import (
    CATALOGO_DE_INFRACOES,
    EntradaInvalida,
    EntradasInvalidas,
    ErroFarol,
    com_consulta,
    consulte_do_item,
)
from farol.services.mensagens import traduzir

GERAL = "_geral"

ONDE_NA_PAGINA = {CATALOGO_DE_INFRACOES: "os códigos estão na página Legislação"}
"""O que as páginas acrescentam à mensagem do serviço (`ErroFarol.consulte`): onde consultar,
na forma da página (a API diz GET /api/v1/infracoes; a CLI, `farol infracoes`)."""
_REAIS = re.compile(r"^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+(,\d{1,2})?$")


DATA_INVALIDA = "data inválida: use DD/MM/AAAA"


def data_digitada(texto: str) -> dt.date:
    """A data de um filtro das páginas: a do seletor de datas (AAAA-MM-DD) ou a digitada no
    endereço como as páginas a mostram (DD/MM/AAAA). ValueError se não é nenhuma delas."""
    texto = texto.strip()
    try:
        return dt.date.fromisoformat(texto)
    except ValueError:
        return dt.datetime.strptime(texto, "%d/%m/%Y").date()


def em_reais(texto: str) -> str:
    """'1.234,56' / '1234,5' / 'R$ 600' -> '1234.56' / '1234.5' / '600'; o resto, como veio
    (o serviço recusa com a sua mensagem)."""
    t = texto.strip().removeprefix("R$").strip().replace(" ", "")
    if _REAIS.match(t):
        return t.replace(".", "").replace(",", ".")
    return t


def decimal_br(texto: str) -> str:
    """'7,5' -> '7.5' (comprimento, anos)."""
    t = texto.strip()
    return t.replace(".", "").replace(",", ".") if "," in t else t


# Campos digitados no formato brasileiro ("1.234,56"), convertidos antes do serviço.
CAMPOS_DINHEIRO = (
    ".multa",
    ".valor",
    ".multa_base",
    ".valor_anual",
    ".valor_caucao",
    ".valor_avaliacao",
    ".valor_arrematado",
)
CAMPOS_DECIMAIS = (".volume_litros", ".toneladas_oleo_granel", ".volume_estimado_litros")


def numero_do_campo(nome: str, texto: str) -> str:
    """O valor do campo como o serviço o recebe: dinheiro e decimais em notação com ponto."""
    if nome.endswith(CAMPOS_DINHEIRO):
        return em_reais(texto)
    if nome.endswith(CAMPOS_DECIMAIS):
        return decimal_br(texto)
    return texto


def aninhar(pares: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """{'a.b': 1, 'a.c.0.d': 2} -> {'a': {'b': 1, 'c': [{'d': 2}]}}; índices viram listas.

    Recusa (`EntradaInvalida`, 422) o nome com mais de `entrada.DADOS_LIVRES_PROFUNDIDADE`
    níveis e o campo que é ao mesmo tempo valor e grupo (`dados.texto` e `dados.texto.b`)
    ou que vem repetido: nenhum formulário do Farol os envia."""
    raiz: dict[str, Any] = {}
    for nome, valor in pares:
        partes = nome.split(".")
        if len(partes) > entrada.DADOS_LIVRES_PROFUNDIDADE:
            raise EntradaInvalida(
                f"nome de campo com níveis demais: no máximo {entrada.DADOS_LIVRES_PROFUNDIDADE}",
                campo=nome[: entrada.CODIGO],
            )
        atual: dict[str, Any] = raiz
        for n, parte in enumerate(partes[:-1]):
            proximo = atual.setdefault(parte, {})
            if not isinstance(proximo, dict):
                raise _colisao(".".join(partes[: n + 1]), nome)
            atual = proximo
        if partes[-1] in atual:
            raise _colisao(nome, nome)
        atual[partes[-1]] = valor
    resultado: dict[str, Any] = _listas(raiz)
    return resultado


def _colisao(campo: str, nome: str) -> EntradaInvalida:
    return EntradaInvalida(
        f"campo enviado mais de uma vez, ou como valor e como grupo ({nome[: entrada.CODIGO]})",
        campo=campo[: entrada.CODIGO],
    )


def _listas(no: Any) -> Any:
    if not isinstance(no, dict):
        return no
    convertido = {k: _listas(v) for k, v in no.items()}
    if convertido and all(k.isdigit() for k in convertido):
        return [convertido[k] for k in sorted(convertido, key=int)]
    return convertido


ROTULOS_DOS_CAMPOS: dict[str, str] = {
    "arquivo": "Arquivo",
    "ate": "Até",
    "codigo": "Código",
    "data": "Data",
    "data_ato": "Data do ato",
    "data_fato": "Data do fato",
    "data_hora": "Data e hora",
    "data_inspecao": "Data da inspeção",
    "de": "Desde",
    "documento": "CPF ou CNPJ",
    "email": "E-mail",
    "estado": "Estado",
    "etapa": "Etapa do prazo",
    "infracao": "Infração",
    "inscricao": "Inscrição",
    "largura": "Largura do gráfico",
    "login": "Login",
    "nome": "Nome",
    "om": "OM",
    "om_id": "OM",
    "pagina": "Página",
    "papel": "Papel",
    "por_pagina": "Itens por página",
    "processo": "Processo",
    "q": "Busca",
    "regime": "Regime",
    "senha": "Senha",
    "sigla": "Sigla",
    "superior": "OM superior",
    "uf": "UF",
    "usuario": "Usuário",
    "valor": "Valor",
}
"""O nome que a pessoa lê de cada campo (o último trecho do caminho: `om_id`, `dados.data_ato`)
quando a recusa aparece longe dele: no topo do formulário ou na página de erro. Um campo fora
daqui não se mostra pelo caminho interno: a recusa do serviço já diz de que se trata; a da
validação (que não diz) leva o trecho por extenso, sem os sublinhados."""


def _ultimo_trecho(campo: str | None) -> str | None:
    """'dados.penalidades.0.multa' -> 'multa': o último trecho que não é índice de lista."""
    trechos = [t for t in (campo or "").split(".") if t and not t.isdigit()]
    return trechos[-1] if trechos else None


def rotulo_do_campo(campo: str | None) -> str | None:
    """O rótulo legível do caminho do campo ('om_id' -> 'OM', 'dados.data_ato' -> 'Data do
    ato'); None se não há rótulo."""
    trecho = _ultimo_trecho(campo)
    return ROTULOS_DOS_CAMPOS.get(trecho) if trecho else None


def _sem_acento(texto: str) -> str:
    decomposto = unicodedata.normalize("NFD", texto.casefold())
    return "".join(c for c in decomposto if not unicodedata.combining(c))


def nomeia(mensagem: str, rotulo: str) -> bool:
    """Se a mensagem já fala do campo pelo rótulo ('OM “CPXX” não encontrada' fala da OM), sem
    diferença de maiúsculas e acentos."""
    padrao = r"\b" + re.escape(_sem_acento(rotulo)) + r"\b"
    return re.search(padrao, _sem_acento(mensagem)) is not None


def longe_do_campo(mensagem: str, campo: str | None, *, da_validacao: bool = False) -> str:
    """A recusa mostrada longe do campo (no topo do formulário, na página de erro): o rótulo
    legível do campo e a mensagem, ou só a mensagem se ela já o nomeia; nunca o caminho interno
    ("papel:", "om_id:"). `da_validacao`: a mensagem do Pydantic, que não diz o campo ("texto
    longo demais"): sem rótulo na tabela, o trecho do caminho por extenso."""
    rotulo = rotulo_do_campo(campo)
    trecho = _ultimo_trecho(campo)
    if rotulo is None and da_validacao and trecho:
        rotulo = trecho.replace("_", " ").capitalize()
    if rotulo is None or nomeia(mensagem, rotulo):
        return mensagem
    return f"{rotulo}: {mensagem}"


def texto_na_pagina(e: ErroFarol) -> str:
    """A recusa do serviço fora do campo do formulário (no topo, na página de erro): com o que
    a página acrescenta (`ONDE_NA_PAGINA`), o rótulo do campo se a mensagem não o nomeia
    (`longe_do_campo`) e a regra; o `ErroFarol.texto` da API e da CLI põe o caminho interno."""
    texto = longe_do_campo(e.mensagem_em(ONDE_NA_PAGINA), e.campo)
    return texto + (f" ({e.regra})" if e.regra else "")


@dataclass
class Erros:
    """Mensagens por nome de campo do formulário; `GERAL` para o que não é de campo nenhum."""

    por_campo: dict[str, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.por_campo)

    def get(self, nome: str, padrao: str = "") -> str:
        return self.por_campo.get(nome, padrao)

    @property
    def geral(self) -> str:
        return self.por_campo.get(GERAL, "")

    def adicionar(self, nome: str, mensagem: str) -> None:
        self.por_campo.setdefault(nome, mensagem)

    def juntar(self, outros: Erros) -> None:
        """Acrescenta os erros de outra conferência (o primeiro erro de cada campo fica)."""
        for nome, mensagem in outros.por_campo.items():
            self.adicionar(nome, mensagem)


def campo_do_formulario(campo: str | None, nomes: Iterable[str]) -> str:
    """O nome de campo do formulário mais específico que cobre o caminho do erro."""
    if not campo:
        return GERAL
    candidatos = [n for n in nomes if campo == n or campo.startswith(n + ".")]
    if candidatos:
        return max(candidatos, key=len)
    # o erro de um grupo de campos (`dados.penalidades.0`: a multa, a suspensão...): no primeiro
    # campo do grupo no formulário
    do_grupo = [n for n in nomes if n.startswith(campo + ".")]
    if do_grupo:
        return do_grupo[0]
    ultimo = campo.rsplit(".", 1)[-1]
    for n in nomes:
        if n == ultimo or n.endswith("." + ultimo):
            return n
    return GERAL


def erro_farol(e: ErroFarol, nomes: Iterable[str], apelidos: dict[str, str] | None = None) -> Erros:
    """O erro do serviço no campo do formulário que o causou (ou no topo do formulário); a
    recusa de vários dados de uma vez (`EntradasInvalidas`), cada um no seu campo."""
    nomes = list(nomes)
    erros = Erros()
    for um in e.erros if isinstance(e, EntradasInvalidas) else (e,):
        caminho = um.campo
        for origem, destino in (apelidos or {}).items():
            if caminho and re.fullmatch(origem, caminho):
                caminho = destino
                break
        nome = campo_do_formulario(caminho, nomes)
        if nome == GERAL:  # no topo do formulário: sem o caminho interno ("papel:", "id:")
            texto = texto_na_pagina(um)
            if erros.geral:
                erros.por_campo[GERAL] += f"; {texto}"
            else:
                erros.adicionar(GERAL, texto)
        else:
            erros.adicionar(
                nome, um.mensagem_em(ONDE_NA_PAGINA) + (f" ({um.regra})" if um.regra else "")
            )
    return erros


def _numero(valor: Any) -> str:
    try:
        return formatos.numero(Decimal(str(valor)))
    except (ArithmeticError, ValueError):
        return str(valor)


_VALOR_EM_REAIS = "valor em reais inválido: só números, com vírgula nos centavos (ex.: 1.500,00)"
_PARA_O_FORMULARIO = {
    "missing": "campo obrigatório ausente: preencha-o",
    "date_parsing": "data inválida: preencha dia, mês e ano",
    "date_type": "data inválida: preencha dia, mês e ano",
    "date_from_datetime_parsing": "data inválida: preencha dia, mês e ano",
    "datetime_parsing": "data e hora inválidas: preencha dia, mês, ano, hora e minuto",
    "datetime_type": "data e hora inválidas: preencha dia, mês, ano, hora e minuto",
    "datetime_from_date_parsing": "data e hora inválidas: preencha dia, mês, ano, hora e minuto",
    "int_parsing": "número inteiro inválido: só algarismos (ex.: 15)",
    "decimal_parsing": "número inválido: só algarismos, com vírgula nas casas decimais (ex.: 7,20)",
    "bool_parsing": "marque ou desmarque a opção",
}


def _opcoes(esperado: Any) -> str:
    """A lista de opções do Pydantic (em inglês, `'navegando' or 'parada'`) em português:
    `navegando ou parada`."""
    return re.sub(r"\s+or\s+", " ou ", str(esperado)).replace("'", "")


def mensagem_de_validacao(item: Any, nome: str = "") -> str:
    """A mensagem de um erro do Pydantic para quem preenche o formulário: o limite dito por
    extenso ("no máximo 4.000 caracteres; foram 4.012"), em vez da forma da API
    ("max length: 4000"); dinheiro e datas como se digitam na página ("1.500,00", dia, mês e
    ano); as opções por extenso; os demais, como `services.mensagens.traduzir` os escreve. A
    recusa com o que consultar (`ValorRecusado`) leva onde a página o mostra."""
    return com_consulta(_mensagem_de_validacao(item, nome), consulte_do_item(item), ONDE_NA_PAGINA)


def _mensagem_de_validacao(item: Any, nome: str) -> str:
    tipo = str(item.get("type", ""))
    ctx = item.get("ctx") or {}
    valor = item.get("input")
    digitado = f"; foram {_numero(len(valor))}" if isinstance(valor, str) else ""
    texto = str(item.get("msg", "")).removeprefix("Value error, ")
    # o dinheiro da API ("valor em dinheiro: texto com ponto decimal ... "1600.00"") em
    # qualquer campo (os valores da tabela da custódia, `valores.guarda`), dito como se digita
    # na página
    dinheiro = nome.endswith(CAMPOS_DINHEIRO) or texto.startswith("valor em dinheiro:")
    if dinheiro and tipo in ("value_error", "decimal_parsing"):
        return texto if texto.startswith("valor em dinheiro ") else _VALOR_EM_REAIS
    if tipo in _PARA_O_FORMULARIO:
        return _PARA_O_FORMULARIO[tipo]
    if tipo in ("literal_error", "enum") and "expected" in ctx:
        return f"escolha uma das opções: {_opcoes(ctx['expected'])}"
    if tipo == "string_too_long":
        return f"texto longo demais: no máximo {_numero(ctx['max_length'])} caracteres{digitado}"
    if tipo == "string_too_short":
        minimo = ctx["min_length"]
        if not (valor or "").strip():  # o campo obrigatório deixado em branco
            return "preencha este campo"
        unidade = "caractere" if minimo == 1 else "caracteres"
        return f"texto curto demais: no mínimo {_numero(minimo)} {unidade}{digitado}"
    if tipo == "greater_than":
        return "informe um valor maior que " + ("zero" if ctx["gt"] == 0 else _numero(ctx["gt"]))
    if tipo == "greater_than_equal":
        return f"valor abaixo do mínimo: informe {_numero(ctx['ge'])} ou mais"
    if tipo == "less_than_equal":
        return f"valor acima do máximo: informe até {_numero(ctx['le'])}"
    if tipo == "too_long":
        return f"itens demais: no máximo {_numero(ctx['max_length'])}"
    if tipo == "too_short":
        return "escolha ao menos um item" if ctx.get("min_length") == 1 else traduzir(item)
    return traduzir(item)


def erros_pydantic(
    e: ValidationError,
    nomes: Iterable[str],
    prefixo: str = "",
    apelidos: dict[str, str] | None = None,
) -> Erros:
    """Cada erro de validação do Pydantic, traduzido, no seu campo."""
    nomes = list(nomes)
    erros = Erros()
    for item in e.errors():
        caminho = prefixo + ".".join(str(p) for p in item.get("loc", ()))
        for origem, destino in (apelidos or {}).items():
            if re.fullmatch(origem, caminho):
                caminho = destino
                break
        nome = campo_do_formulario(caminho, nomes)
        texto = mensagem_de_validacao(item, caminho)
        longe = longe_do_campo(texto, caminho, da_validacao=True)
        erros.adicionar(nome, texto if nome != GERAL else longe)
    return erros
